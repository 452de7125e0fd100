import { and, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { items, notifications, trips, users } from '../db/schema'
import { defineJob } from '../jobs/define-job'
import type { JobQueue } from '../jobs/queue'
import { queueMail } from './mail-jobs'
import { itemLink, tripMails } from './notifications'
import { pushToUser, type PushSender } from './push'
import { itemOnTrip } from './trip-match'
import { earliestTravelDate, type TripRow } from './trips'

/** What the matching needs. */
export interface TripMatchDeps {
  db: Db
  /** Where the match's mail and push jobs go. */
  jobs: JobQueue
  /** Where the mail's links point (known once the server listens). */
  publicOrigin: () => string
  /** Whether Web Push is set up (VAPID keys): without it no push job is queued. */
  pushEnabled: boolean
}

/** Finds the trips an approved item lies on and notifies their deliverers (once per item and trip). */
export const tripMatchJob = defineJob({
  name: 'trips.match',
  payload: z.object({ itemId: z.string() }),
  async run({ itemId }, deps: TripMatchDeps) {
    await notifyTripsOfItem(deps, itemId)
  },
})

/** What the push job needs: how pushes go out, or null when push is not set up. */
export interface PushJobDeps {
  db: Db
  sender: PushSender | null
}

/** Sends one notification as Web Push to every browser its user subscribed. */
export const pushJob = defineJob({
  name: 'push.notification',
  payload: z.object({ notificationId: z.string() }),
  async run({ notificationId }, { db, sender }: PushJobDeps) {
    if (!sender) return
    const [row] = await db.select().from(notifications).where(eq(notifications.id, notificationId))
    // Read already (on another device) or gone with its user: nothing to push.
    if (!row || row.readAt) return
    await pushToUser(sender, row.userId, { title: row.title, body: row.body, link: row.link })
  },
})

/**
 * Queues the matching of an item whose sending was just approved. Pass the approval's transaction:
 * the job exists only if the approval commits, and runs after it, so it sees the approved item.
 */
export const queueTripMatch = (jobs: JobQueue, itemId: string, db?: Db) =>
  jobs.enqueue(tripMatchJob, { itemId }, { db })

/** The start of an address ("Berlin" of "Berlin, Germany"), or its coordinates. */
const placeName = (address: string, lat: number, lng: number) =>
  address.split(',')[0]?.trim() || `${lat.toFixed(3)}, ${lng.toFixed(3)}`

/** What a trip is called in notifications: its name, else "From → To". */
const tripLabel = (trip: TripRow) =>
  trip.name ??
  `${placeName(trip.originAddress, trip.originLat, trip.originLng)} → ${placeName(trip.destinationAddress, trip.destinationLat, trip.destinationLng)}`

/**
 * The matching: the item must still be approved and pending; the candidate trips (not past, not
 * after the item's deadline, not the sender's own, of an active deliverer, their route cells holding the item's) come from SQL,
 * the route rule from itemOnTrip. Each
 * match inserts its notification with ON CONFLICT DO NOTHING on (user, item, trip): only the
 * insert that wrote the row queues the mail and the push, in the same transaction, so a second
 * approval, a retried job or two approvals at once notify nobody twice. Answers how many it wrote.
 */
export async function notifyTripsOfItem(deps: TripMatchDeps, itemId: string): Promise<number> {
  const { db, jobs } = deps
  const [item] = await db
    .select()
    .from(items)
    .where(
      and(eq(items.id, itemId), eq(items.sendingApproval, 'approved'), eq(items.status, 'pending')),
    )
  if (!item) return 0
  const candidates = await db
    .select({ trip: trips, email: users.email, name: users.name })
    .from(trips)
    .innerJoin(users, eq(users.id, trips.delivererId))
    .where(
      and(
        gte(trips.travelDate, earliestTravelDate()),
        // Not after the item's deadline (its UTC day): nobody can bring it on time from a later trip.
        lte(trips.travelDate, item.deliveryDeadline.toISOString().slice(0, 10)),
        ne(trips.delivererId, item.senderId),
        eq(users.active, true),
        // Only trips whose corridor can hold the item's pair of cells (a GIN search), and those
        // without cells; itemOnTrip then decides.
        or(
          isNull(trips.routeCells),
          sql`${trips.routeCells} @> array[${item.routeCell}]::bigint[]`,
        ),
      ),
    )
  const origin = deps.publicOrigin()
  let written = 0
  for (const { trip, email, name } of candidates) {
    if (!itemOnTrip(item, trip)) continue
    const label = tripLabel(trip)
    const title = `New item on your trip "${label}"`
    const body = `${item.name}: ${placeName(item.fromAddress, item.fromLat, item.fromLng)} → ${placeName(item.toAddress, item.toLat, item.toLng)}`
    const link = `/available-items/${item.id}`
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: trip.delivererId,
          kind: 'trip_match',
          title,
          body,
          link,
          itemId: item.id,
          tripId: trip.id,
        })
        .onConflictDoNothing()
        .returning({ id: notifications.id })
      if (!row) return
      written++
      await queueMail(
        jobs,
        {
          to: email,
          ...tripMails.itemOnTrip(
            name,
            { label, travelDate: trip.travelDate },
            {
              name: item.name,
              from: item.fromAddress || placeName('', item.fromLat, item.fromLng),
              to: item.toAddress || placeName('', item.toLat, item.toLng),
              deadline: item.deliveryDeadline.toISOString().slice(0, 10),
            },
            itemLink(origin, 'deliverer', item.id),
          ),
        },
        tx,
      )
      if (deps.pushEnabled) await jobs.enqueue(pushJob, { notificationId: row.id }, { db: tx })
    })
  }
  return written
}
