import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Role } from '../../contract/user'
import { agreedPriceCents } from '../../contract/money'
import { SITE_TERMS_VERSION } from '../../contract/legal'
import { issueHandoffs } from '../services/handoffs'
import { capturePayment } from '../services/payments/ledger'
import { holdForRelease } from '../services/payments/releases'
import { JobQueue } from '../jobs/queue'
import { hashPassword } from '../services/passwords'
import { currentSenderTerms, recordAcceptance } from '../services/terms'
import { tripRouteCells } from '../services/trips'
import type { Db } from './client'
import { one } from './one'
import {
  auditLog,
  deliveryRequests,
  handoffs,
  items,
  messages,
  payments,
  ratings,
  terms,
  trips,
  users,
} from './schema'

export interface SeededAccount {
  email: string
  password: string
  role: Role
  name: string
}

const DEMO_PASSWORD = 'password123'

const demoAccounts: SeededAccount[] = [
  { email: 'admin@example.com', password: DEMO_PASSWORD, role: 'admin', name: 'Ada Admin' },
  { email: 'sender@example.com', password: DEMO_PASSWORD, role: 'sender', name: 'Sam Sender' },
  {
    email: 'deliverer@example.com',
    password: DEMO_PASSWORD,
    role: 'deliverer',
    name: 'Dana Deliverer',
  },
]

type City = readonly [name: string, lat: number, lng: number]
const US: City[] = [
  ['New York, NY, USA', 40.7128, -74.006],
  ['Boston, MA, USA', 42.3601, -71.0589],
  ['Philadelphia, PA, USA', 39.9526, -75.1652],
  ['Washington, DC, USA', 38.9072, -77.0369],
  ['Chicago, IL, USA', 41.8781, -87.6298],
  ['Detroit, MI, USA', 42.3314, -83.0458],
  ['Los Angeles, CA, USA', 34.0522, -118.2437],
  ['San Francisco, CA, USA', 37.7749, -122.4194],
  ['San Diego, CA, USA', 32.7157, -117.1611],
  ['Seattle, WA, USA', 47.6062, -122.3321],
  ['Portland, OR, USA', 45.5152, -122.6784],
  ['Austin, TX, USA', 30.2672, -97.7431],
  ['Dallas, TX, USA', 32.7767, -96.797],
  ['Houston, TX, USA', 29.7604, -95.3698],
  ['Miami, FL, USA', 25.7617, -80.1918],
  ['Atlanta, GA, USA', 33.749, -84.388],
  ['Denver, CO, USA', 39.7392, -104.9903],
]
const EU: City[] = [
  ['London, United Kingdom', 51.5074, -0.1278],
  ['Paris, France', 48.8566, 2.3522],
  ['Brussels, Belgium', 50.8503, 4.3517],
  ['Amsterdam, Netherlands', 52.3676, 4.9041],
  ['Berlin, Germany', 52.52, 13.405],
  ['Munich, Germany', 48.1351, 11.582],
  ['Vienna, Austria', 48.2082, 16.3738],
  ['Prague, Czechia', 50.0755, 14.4378],
  ['Zurich, Switzerland', 47.3769, 8.5417],
  ['Milan, Italy', 45.4642, 9.19],
  ['Rome, Italy', 41.9028, 12.4964],
  ['Madrid, Spain', 40.4168, -3.7038],
  ['Barcelona, Spain', 41.3874, 2.1686],
  ['Lisbon, Portugal', 38.7223, -9.1393],
  ['Lyon, France', 45.764, 4.8357],
  ['Copenhagen, Denmark', 55.6761, 12.5683],
]

type Category = (typeof items.$inferInsert)['category']
const goods: [Category, string, string, number][] = [
  ['electronics', 'Laptop', 'A 14-inch laptop in its original box.', 2.1],
  ['documents', 'Signed contract', 'An envelope of signed documents, A4.', 0.2],
  ['clothing', 'Wedding dress', 'A dress in a garment bag, please keep it flat.', 1.5],
  ['food', 'Box of chocolates', 'Sealed chocolates, keep away from heat.', 0.8],
  ['other', 'Vinyl records', 'Five records in a padded box.', 1.9],
  ['electronics', 'Camera lens', 'A 50 mm lens with caps, padded case.', 0.6],
  ['documents', 'Passport application', 'Paper forms for a consulate appointment.', 0.1],
  ['clothing', 'Winter coat', 'A wool coat, folded in a bag.', 1.8],
  ['food', 'Olive oil', 'Two bottles of olive oil, well wrapped.', 2.0],
  ['other', 'Board game', 'A boxed board game, all pieces inside.', 1.2],
  ['electronics', 'Headphones', 'Noise-cancelling headphones in their case.', 0.4],
  ['other', 'Watercolour painting', 'A framed painting, 40 x 30 cm.', 1.4],
]

/** The n-th element of a non-empty list, starting over at its end. */
function nth<T>(list: readonly T[], n: number): T {
  const value = list[n % list.length]
  if (value === undefined) throw new Error('nth() of an empty list')
  return value
}

/** Pairs within one continent, varied: a few dozen plausible trips. */
function routes(): [City, City][] {
  const pairs: [City, City][] = []
  for (const list of [US, EU]) {
    for (const [i, a] of list.entries()) {
      pairs.push([a, nth(list, i + 1)])
      if (i % 2 === 0) pairs.push([a, nth(list, i + 5)])
    }
  }
  return pairs
}

/** Demo data on an empty database: the three accounts, consent terms and items between real cities. */
export async function seedIfEmpty(db: Db): Promise<SeededAccount[]> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
  if (count > 0) return []

  return db.transaction(async (tx) => {
    const now = new Date()
    const created = await tx
      .insert(users)
      .values(
        await Promise.all(
          demoAccounts.map(async (a) => ({
            name: a.name,
            email: a.email,
            role: a.role,
            passwordHash: await hashPassword(a.password),
            emailVerifiedAt: now,
            phone: '+1 555 0100',
            address: a.role === 'sender' ? '350 Fifth Avenue, New York, NY' : '',
          })),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, role: users.role })
    // Another process seeded at the same time: leave it to that one.
    if (created.length !== demoAccounts.length) return []
    const account = (role: Role) =>
      one(
        created.filter((u) => u.role === role),
        `demo ${role}`,
      )
    const sender = account('sender')
    const deliverer = account('deliverer')
    const admin = account('admin')

    await tx.insert(terms).values([
      {
        role: 'deliverer',
        title: 'Carrying items safely',
        description:
          'I will carry the item with care, keep it with me during the trip and hand it over only to the recipient named by the sender.',
      },
      {
        role: 'deliverer',
        title: 'Lawful contents',
        description:
          'I will not open the package, and I will refuse and report any item I have reason to believe is illegal or dangerous to carry.',
      },
      {
        role: 'deliverer',
        title: 'Privacy of travel documents',
        description:
          'My proof of travel is shared only with the Tote team to verify the trip and is deleted after the delivery is completed.',
      },
      {
        role: 'sender',
        title: 'Accurate description',
        description:
          'I describe my item truthfully (contents, weight and size) and send nothing that is illegal, dangerous or prohibited on transport.',
      },
      {
        role: 'sender',
        title: 'Payment on acceptance',
        description:
          'When I accept a delivery request I pay the agreed price by card; it is released to the deliverer after delivery.',
      },
    ])

    // The demo accounts accepted the Terms of service and Privacy policy at sign-up, and the
    // demo sender the sender terms: the demo pays without stopping at them (decision 044).
    for (const user of [sender, deliverer])
      await recordAcceptance(tx, user.id, 'site', SITE_TERMS_VERSION)
    const { version } = await currentSenderTerms(tx)
    if (version) await recordAcceptance(tx, sender.id, 'sender', version)

    const day = 24 * 60 * 60 * 1000
    const list = routes()
    const seeded = await tx
      .insert(items)
      .values(
        list.map(([from, to], i) => {
          const [category, name, description, weight] = nth(goods, i)
          return {
            name: `${name} to ${to[0].split(',')[0]}`,
            category,
            description,
            quantity: 1 + (i % 3 === 0 ? 1 : 0),
            weight,
            length: 20 + (i % 5) * 10,
            width: 15 + (i % 4) * 5,
            height: 5 + (i % 3) * 5,
            isFragile: category === 'electronics' || i % 7 === 0,
            fromLat: from[1],
            fromLng: from[2],
            fromAddress: from[0],
            toLat: to[1],
            toLng: to[2],
            toAddress: to[0],
            deliveryPhone: '+1 555 0142',
            deliveryAddress: `Main Street 1, ${to[0]}`,
            deliveryDeadline: new Date(now.getTime() + (7 + ((i * 5) % 40)) * day),
            specialInstructions:
              i % 4 === 0 ? 'Please call the recipient one hour before arrival.' : '',
            status: 'pending' as const,
            // Most are approved and open to deliverers; every sixth still waits for an admin.
            sendingApproval: i % 6 === 5 ? ('pending' as const) : ('approved' as const),
            senderPrice: (15 + ((i * 7) % 60)).toFixed(2),
            senderId: sender.id,
          }
        }),
      )
      .returning({
        id: items.id,
        senderPrice: items.senderPrice,
        sendingApproval: items.sendingApproval,
        deliveryDeadline: items.deliveryDeadline,
        fromAddress: items.fromAddress,
      })

    // Two deliveries under way for the demo deliverer: one paid and waiting for pickup, one on
    // its way; and a finished one, delivered three days ago, with its conversation and both
    // ratings (decision 039), so a new user sees what they look like. Each went through the whole
    // lifecycle (docs/design.md): request, admin approval, the sender's acceptance and card
    // payment (the built-in test provider's record).
    const statuses = ['ready_to_pickup', 'in_process', 'delivered'] as const
    const underWay = seeded.filter((i) => i.sendingApproval === 'approved').slice(0, 3)
    for (const [n, item] of underWay.entries()) {
      const status = statuses[n] ?? 'ready_to_pickup'
      const finished = status === 'delivered'
      // The demo deliverer asked for the sender price.
      const agreed = agreedPriceCents(item.senderPrice, item.senderPrice)
      const hour = 60 * 60 * 1000
      // The delivered one happened three days ago; the others now.
      const at = finished ? new Date(now.getTime() - 3 * day) : now
      const moved = status === 'ready_to_pickup' ? 1 : 2
      const request = one(
        await tx
          .insert(deliveryRequests)
          .values({
            itemId: item.id,
            delivererId: deliverer.id,
            delivererPrice: item.senderPrice,
            acceptPrivacy: true,
            consentedAt: now,
            deliveryApproval: 'approved',
            requestStatus: 'accepted',
            agreedPriceCents: agreed,
            // As the history below has it: accepted one hour before the pickup or now.
            acceptedAt: new Date(at.getTime() - moved * hour),
          })
          .returning({ id: deliveryRequests.id }),
        'delivery request',
      )
      await tx
        .update(items)
        // The history below puts the pickup an hour ago.
        .set({
          status,
          currentRequestId: request.id,
          pickedUpAt: status === 'ready_to_pickup' ? null : new Date(at.getTime() - hour),
          deliveredAt: finished ? at : null,
          pickupAddress: `Front desk, ${item.fromAddress}`,
          pickupInstructions: 'Weekdays 9:00-17:00; ask for the sender at the front desk.',
          pickupPhone: '+1 555 0100',
        })
        .where(eq(items.id, item.id))
      // Its pickup and delivery codes, as accepting issues them (decision 034); the one on its
      // way was picked up with its code an hour ago.
      await issueHandoffs(tx, {
        itemId: item.id,
        requestId: request.id,
        deadline: item.deliveryDeadline,
        now,
      })
      const steps = [
        ['pickup', new Date(at.getTime() - hour)],
        ...(finished ? [['delivery', at] as const] : []),
      ] as const
      for (const [step, when] of status === 'ready_to_pickup' ? [] : steps)
        await tx
          .update(handoffs)
          .set({ usedAt: when, happenedAt: when, recordedAt: when, proof: 'code' })
          .where(and(eq(handoffs.requestId, request.id), eq(handoffs.step, step)))
      const intent = `pi_test_demo_${randomBytes(12).toString('hex')}`
      const [{ id: paymentId } = { id: '' }] = await tx
        .insert(payments)
        .values({
          itemId: item.id,
          requestId: request.id,
          provider: 'test',
          providerIntentId: intent,
          amountCents: agreed,
          status: 'succeeded',
          paidAt: new Date(at.getTime() - moved * hour),
          clientSecret: `${intent}_secret_${randomBytes(12).toString('hex')}`,
        })
        .returning({ id: payments.id })
      // Held by Tote from the acceptance, as accepting records it (decision 037).
      await capturePayment(tx, paymentId)
      // The item's history, one hour apart and oldest first, as the real calls would write it.
      const history: [string, string, 'item' | 'delivery_request', string, string | null][] = [
        [admin.id, 'item.sending_approved', 'item', item.id, null],
        [deliverer.id, 'delivery_request.create', 'delivery_request', request.id, null],
        [admin.id, 'delivery_request.delivery_approved', 'delivery_request', request.id, null],
        [sender.id, 'request.accept', 'delivery_request', request.id, `payment ${paymentId}`],
      ]
      if (status !== 'ready_to_pickup')
        history.push([deliverer.id, 'delivery.in_process', 'item', item.id, null])
      if (finished) history.push([deliverer.id, 'delivery.delivered', 'item', item.id, null])
      await tx.insert(auditLog).values(
        history.map(([actorId, action, targetType, targetId, reason], k) => ({
          actorId,
          action,
          targetType,
          targetId,
          reason,
          at: new Date(at.getTime() - (history.length - 1 - k) * hour - (finished ? 0 : hour)),
        })),
      )
      if (finished) {
        // Held since the acceptance; the hold ended two days ago, so the queue releases the
        // deliverer's share as soon as the server runs (decision 038).
        await holdForRelease(
          tx,
          new JobQueue(tx),
          { payoutHoldHours: 24 },
          { itemId: item.id, requestId: request.id, delivererId: deliverer.id, deliveredAt: at },
        )
        await seedConversation(tx, {
          itemId: item.id,
          requestId: request.id,
          senderId: sender.id,
          delivererId: deliverer.id,
          deliveredAt: at,
        })
      }
    }
    // A saved trip, so /trips and its alerts have something to show: the East Coast, on which
    // Boston -> Philadelphia and Philadelphia -> Washington lie.
    const city = (name: string) =>
      one(
        US.filter((c) => c[0].startsWith(name)),
        name,
      )
    const [, fromLat, fromLng] = city('Boston')
    const [, toLat, toLng] = city('Washington')
    await tx.insert(trips).values({
      delivererId: deliverer.id,
      name: 'East Coast run',
      originLat: fromLat,
      originLng: fromLng,
      originAddress: 'Boston, MA, USA',
      destinationLat: toLat,
      destinationLng: toLng,
      destinationAddress: 'Washington, DC, USA',
      radiusKm: 50,
      routeCells: tripRouteCells({ lat: fromLat, lng: fromLng }, { lat: toLat, lng: toLng }, 50),
      travelDate: new Date(now.getTime() + 5 * day).toISOString().slice(0, 10),
    })
    return demoAccounts
  })
}

/**
 * The finished delivery's short conversation, read by both, and both ratings (so revealed): what a
 * new user's delivery will look like once it is done.
 */
async function seedConversation(
  tx: Db,
  d: {
    itemId: string
    requestId: string
    senderId: string
    delivererId: string
    deliveredAt: Date
  },
) {
  const minute = 60 * 1000
  const lines: [from: 'sender' | 'deliverer', minutesBefore: number, body: string][] = [
    ['deliverer', 26 * 60, 'Hi! I can pick it up tomorrow between 9 and 10. Does that work?'],
    ['sender', 25 * 60, 'Perfect, I will be at the front desk. Ring twice.'],
    ['deliverer', 70, 'Picked it up, all well packed. On my way!'],
    ['deliverer', -5, 'Delivered to the recipient in person. Thanks!'],
    ['sender', -30, 'Got the confirmation, thank you so much.'],
  ]
  await tx.insert(messages).values(
    lines.map(([from, before, body]) => {
      const createdAt = new Date(d.deliveredAt.getTime() - before * minute)
      return {
        itemId: d.itemId,
        requestId: d.requestId,
        authorId: from === 'sender' ? d.senderId : d.delivererId,
        recipientId: from === 'sender' ? d.delivererId : d.senderId,
        body,
        createdAt,
        readAt: new Date(createdAt.getTime() + 10 * minute),
      }
    }),
  )
  const base = { itemId: d.itemId, requestId: d.requestId }
  await tx.insert(ratings).values([
    {
      ...base,
      raterId: d.senderId,
      rateeId: d.delivererId,
      raterRole: 'sender' as const,
      stars: 5,
      comment: 'Careful, on time, and kept me posted all the way.',
      createdAt: new Date(d.deliveredAt.getTime() + 2 * 60 * minute),
    },
    {
      ...base,
      raterId: d.delivererId,
      rateeId: d.senderId,
      raterRole: 'deliverer' as const,
      stars: 5,
      comment: 'Well packed and ready at the front desk.',
      createdAt: new Date(d.deliveredAt.getTime() + 3 * 60 * minute),
    },
  ])
}
