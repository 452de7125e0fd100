import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  availableItemsAnswer,
  availableItemsBody,
  availableItemsQuery,
  deliveriesAnswer,
  NEGATIVE_DECIMAL,
  delivererStatsAnswer,
  pageQuery,
  paymentMethodAnswer,
  payoutDetailsBody,
  requestItemFields,
  updateDeliveryStatusFields,
} from '../../contract/deliveries'
import { messageOnly } from '../../contract/envelope'
import { fileMessages } from '../../contract/files'
import { delivererItemAnswer } from '../../contract/items'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { requireUser } from '../plugins/auth'
import { requireForm } from '../plugins/uploads'
import { deliveryRequests, items } from '../db/schema'
import { audit } from '../services/audit'
import { fieldErrors, httpError, ITEM_NOT_FOUND } from '../errors'
import { availableTo, corridorPage } from '../services/corridor'
import { geocode } from '../services/places/geocode'
import { ANTIPODAL_ROUTE, isAntipodal } from '../services/corridor-geometry'
import { checkUpload, insertStoredFile, travelRefusals, withUpload } from '../services/files'
import { loadItemView, toItemViews, type ItemRow } from '../services/item-view'
import {
  earnings,
  payoutRow,
  payoutView,
  savePayout,
  stripeOnboardingUrl,
} from '../services/payouts'

export { LOCATION_NOT_FOUND } from '../services/places/geocode'
export const REQUEST_SENT = 'Request sent successfully!'
export const ALREADY_REQUESTED = 'You have already requested this item'
export const BAD_TRANSITION = 'This delivery cannot move to that status'
export const PICKED_UP = 'Marked as picked up'
export const DELIVERED = 'Marked as delivered'

const pageOf = (page: number, perPage: number, total: number) => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
})

/** Deliverer calls: available items, item detail, request-item, stats, deliveries, payouts (issue 4). */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deliverer = app.requireRole('deliverer')

  // POST /api/available-items: the route corridor of docs/spec.md section 7 (services/corridor.ts,
  // docs/decisions/023-corridor-matching.md).
  app.post(
    '/available-items',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Items along a route: pickup and drop-off within the radius of the path, in order',
        security: [{ bearerAuth: [] }],
        body: availableItemsBody,
        querystring: availableItemsQuery,
        response: { 200: availableItemsAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const user = requireUser(request)
      const { page, per_page, search, location, date } = request.query
      const deadlineFrom = date ? new Date(date) : undefined
      const origin = await geocode(app.places, request.body.origin_address)
      const destination = await geocode(app.places, request.body.destination_address)
      // No single great circle joins antipodal ends: refuse rather than pick one at random.
      if (isAntipodal(origin, destination)) throw httpError(400, ANTIPODAL_ROUTE)
      const { rows, total } = await corridorPage(app.db, {
        delivererId: user.id,
        origin,
        destination,
        radiusKm: request.body.radius_km,
        search: search || undefined,
        location: location || undefined,
        deadlineFrom,
        page,
        perPage: per_page,
      })
      const views = await toItemViews(
        app.db,
        rows.map((r) => r.item),
        user,
      )
      return {
        success: true,
        message: total ? 'Available items' : 'No Items Available',
        data: {
          items: views.map((v, i) => ({
            ...v,
            distance_km: rows[i]?.distanceKm,
            detour_km: rows[i]?.detourKm,
          })),
          pagination: pageOf(page, per_page, total),
          origin,
          destination,
        },
      }
    },
  )

  /** Whether the item is available to the deliverer (availableTo without the corridor). */
  async function isAvailable(db: Db, itemId: string, delivererId: string, lock = false) {
    const q = db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.id, itemId), availableTo(delivererId)))
    const [row] = lock ? await q.for('update', { of: items }) : await q
    return Boolean(row)
  }

  // GET /api/item/:id: data IS the item (docs/spec.md section 7).
  app.get(
    '/item/:id',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'An item a deliverer may see: available to them, or one they requested or carry',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: delivererItemAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const user = requireUser(request)
      const id = request.params.id
      const available = /^[0-9a-f-]{36}$/i.test(id) && (await isAvailable(app.db, id, user.id))
      const view = await loadItemView(
        app.db,
        id,
        user,
        (_row, related) => available || related.requests.some((r) => r.delivererId === user.id),
      )
      if (!view) throw httpError(404, ITEM_NOT_FOUND)
      return { success: true, message: 'Item details', data: view }
    },
  )

  // POST /api/request-item (multipart; Idempotency-Key).
  app.post(
    '/request-item',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Request to carry an item (proof of travel, consent, optional price)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: messageOnly },
      },
      onRequest: deliverer,
      preHandler: [
        app.multipartForm({ fileField: 'proof_of_travel', refusals: travelRefusals }),
        app.idempotent,
      ],
    },
    async (request) => {
      const user = requireUser(request)
      const form = requireForm(request)
      // docs/spec.md price rule: the offer if set and non-negative, otherwise the item's sender_price.
      // So an empty or negative offer means "none"; a non-numeric one is refused (400).
      const fields: Record<string, string> = { ...form.fields }
      const offer = fields.deliverer_price?.trim()
      if (offer === undefined || offer === '' || NEGATIVE_DECIMAL.test(offer))
        delete fields.deliverer_price
      const parsed = requestItemFields.safeParse(fields)
      if (!parsed.success) throw fieldErrors(parsed.error.issues)
      const file = form.file
      if (!file) throw httpError(400, fileMessages.travelMissing)
      checkUpload(file, travelRefusals)
      const { item_id, deliverer_price } = parsed.data

      // The file first, out of the transaction; a refusal below deletes it again (withUpload).
      await withUpload(app.storage, file, travelRefusals, (put) =>
        app.db.transaction(async (db) => {
          if (!(await isAvailable(db, item_id, user.id, true))) throw httpError(404, ITEM_NOT_FOUND)
          // isAvailable just found it, under the same transaction.
          const item = one(
            await db
              .select({ senderPrice: items.senderPrice })
              .from(items)
              .where(eq(items.id, item_id)),
            'item',
          )
          const price =
            deliverer_price !== undefined ? deliverer_price.toFixed(2) : item.senderPrice
          const [created] = await db
            .insert(deliveryRequests)
            .values({
              itemId: item_id,
              delivererId: user.id,
              delivererPrice: price,
              acceptPrivacy: true,
              consentedAt: new Date(),
              deliveryApproval: 'pending',
              requestStatus: 'pending',
            })
            .onConflictDoNothing({
              target: [deliveryRequests.itemId, deliveryRequests.delivererId],
            })
            .returning({ id: deliveryRequests.id })
          if (!created) throw httpError(409, ALREADY_REQUESTED)
          // withUpload stored the file given, which was checked above.
          if (!put) throw new Error('The travel document was not stored')
          const fileId = await insertStoredFile(db, put, {
            ownerId: user.id,
            kind: 'proof_of_travel',
          })
          await db
            .update(deliveryRequests)
            .set({ proofOfTravelFileId: fileId })
            .where(eq(deliveryRequests.id, created.id))
          await audit(db, {
            actorId: user.id,
            action: 'delivery_request.create',
            targetType: 'delivery_request',
            targetId: created.id,
          })
        }),
      )
      return { success: true, message: REQUEST_SENT }
    },
  )

  // GET /api/deliverer-stats
  app.get(
    '/deliverer-stats',
    {
      schema: {
        tags: ['deliveries'],
        summary: "The deliverer dashboard's four counters",
        security: [{ bearerAuth: [] }],
        response: { 200: delivererStatsAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const user = requireUser(request)
      const [[available], byStatus] = await Promise.all([
        app.db.select({ n: count() }).from(items).where(availableTo(user.id)),
        app.db
          .select({ status: items.status, n: count() })
          .from(items)
          .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
          .where(eq(deliveryRequests.delivererId, user.id))
          .groupBy(items.status),
      ])
      const of = (s: string) => Number(byStatus.find((r) => r.status === s)?.n ?? 0)
      return {
        success: true,
        message: 'Statistics',
        data: {
          available_items: Number(available?.n ?? 0),
          ready_to_pickup_items: of('ready_to_pickup'),
          in_process_items: of('in_process'),
          delivered_items: of('delivered'),
        },
      }
    },
  )

  /** One page of item rows joined to this deliverer's request, with the total. */
  async function requestPage(
    delivererId: string,
    where: ReturnType<typeof and>,
    order: ReturnType<typeof sql>[],
    page: number,
    perPage: number,
  ): Promise<{ rows: ItemRow[]; total: number }> {
    const joined = and(
      eq(deliveryRequests.itemId, items.id),
      eq(deliveryRequests.delivererId, delivererId),
    )
    const [rows, [total]] = await Promise.all([
      app.db
        .select({ item: items })
        .from(items)
        .innerJoin(deliveryRequests, joined)
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage),
      app.db.select({ n: count() }).from(items).innerJoin(deliveryRequests, joined).where(where),
    ])
    return { rows: rows.map((r) => r.item), total: Number(total?.n ?? 0) }
  }

  /**
   * GET /api/my-deliveries: the deliverer's work.
   * - Carried: the item's current request is theirs and accepted (ready_to_pickup, in_process,
   *   delivered).
   * - Waiting: their request is still pending on an item that is still open (status pending);
   *   rejected requests live under /api/rejected-requests, cancelled items drop out.
   * Order: in_process, ready_to_pickup, waiting requests, delivered; then the newest change first.
   */
  app.get(
    '/my-deliveries',
    {
      schema: {
        tags: ['deliveries'],
        summary: "The deliverer's active, waiting and delivered items",
        security: [{ bearerAuth: [] }],
        querystring: pageQuery,
        response: { 200: deliveriesAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const user = requireUser(request)
      const { page, per_page } = request.query
      const carried = and(
        eq(items.currentRequestId, deliveryRequests.id),
        eq(deliveryRequests.requestStatus, 'accepted'),
        sql`${items.status} in ('ready_to_pickup', 'in_process', 'delivered')`,
      )
      const waiting = and(
        eq(deliveryRequests.requestStatus, 'pending'),
        eq(items.status, 'pending'),
      )
      const rank = sql`case when ${deliveryRequests.requestStatus} = 'pending' then 2
        when ${items.status} = 'in_process' then 0
        when ${items.status} = 'ready_to_pickup' then 1 else 3 end`
      const { rows, total } = await requestPage(
        user.id,
        or(carried, waiting),
        [asc(rank), desc(items.updatedAt), asc(items.id)],
        page,
        per_page,
      )
      return {
        success: true,
        message: total ? 'Your deliveries' : 'No active deliveries',
        data: {
          items: await toItemViews(app.db, rows, user),
          pagination: pageOf(page, per_page, total),
        },
      }
    },
  )

  // GET /api/rejected-requests: items whose sender rejected this deliverer's request.
  app.get(
    '/rejected-requests',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Items where the sender rejected this deliverer',
        security: [{ bearerAuth: [] }],
        querystring: pageQuery,
        response: { 200: deliveriesAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const user = requireUser(request)
      const { page, per_page } = request.query
      const { rows, total } = await requestPage(
        user.id,
        eq(deliveryRequests.requestStatus, 'rejected'),
        [desc(deliveryRequests.updatedAt), asc(items.id)],
        page,
        per_page,
      )
      return {
        success: true,
        message: total ? 'Rejected requests' : 'No items found',
        data: {
          items: await toItemViews(app.db, rows, user),
          pagination: pageOf(page, per_page, total),
        },
      }
    },
  )

  // POST /api/update-delivery-status (multipart; Idempotency-Key).
  app.post(
    '/update-delivery-status',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Mark a carried item picked up (in_process) or delivered (with proof)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: messageOnly },
      },
      onRequest: deliverer,
      preHandler: [
        app.multipartForm({ fileField: 'proof_of_delivery', refusals: travelRefusals }),
        app.idempotent,
      ],
    },
    async (request) => {
      const user = requireUser(request)
      const form = requireForm(request)
      const parsed = updateDeliveryStatusFields.safeParse(form.fields)
      if (!parsed.success) throw fieldErrors(parsed.error.issues)
      const { item_id, status } = parsed.data

      const [row] = await app.db
        .select({ status: items.status })
        .from(items)
        .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
        .where(
          and(
            eq(items.id, item_id),
            eq(deliveryRequests.delivererId, user.id),
            eq(deliveryRequests.requestStatus, 'accepted'),
          ),
        )
      if (!row) throw httpError(404, ITEM_NOT_FOUND)
      const from = status === 'in_process' ? 'ready_to_pickup' : 'in_process'
      if (row.status !== from) throw httpError(409, BAD_TRANSITION)
      if (status === 'delivered') {
        if (!form.file) throw httpError(400, fileMessages.deliveryMissing)
        checkUpload(form.file, travelRefusals)
      }

      const file = status === 'delivered' ? form.file : undefined
      await withUpload(app.storage, file, travelRefusals, (put) =>
        app.db.transaction(async (db) => {
          // Conditional on the status we checked: a concurrent change makes this a 409.
          const [moved] = await db
            .update(items)
            .set({ status })
            .where(and(eq(items.id, item_id), eq(items.status, from)))
            .returning({ id: items.id })
          if (!moved) throw httpError(409, BAD_TRANSITION)
          if (put) {
            const fileId = await insertStoredFile(db, put, {
              ownerId: user.id,
              kind: 'proof_of_delivery',
            })
            await db
              .update(items)
              .set({ proofOfDeliveryFileId: fileId })
              .where(eq(items.id, item_id))
          }
          await audit(db, {
            actorId: user.id,
            action: `delivery.${status}`,
            targetType: 'item',
            targetId: item_id,
          })
        }),
      )
      return { success: true, message: status === 'in_process' ? PICKED_UP : DELIVERED }
    },
  )

  // GET/POST /api/payment-method: where payouts go, and what was earned (deliverers only).
  async function paymentMethod(user: { id: string; email: string; name: string }, origin: string) {
    const stripeKey = app.config.stripeSecretKey
    const onboarding_url = stripeKey
      ? await stripeOnboardingUrl(app.db, {
          secretKey: stripeKey,
          user,
          origin,
          log: (err) => app.log.warn({ err }, 'Stripe onboarding link failed'),
        })
      : null
    return {
      provider: stripeKey ? ('stripe' as const) : ('manual' as const),
      payout: payoutView(await payoutRow(app.db, user.id)),
      onboarding_url,
      ...(await earnings(app.db, user.id)),
    }
  }

  app.get(
    '/payment-method',
    {
      schema: {
        tags: ['deliveries'],
        summary: "The deliverer's payout details (masked) and earnings",
        security: [{ bearerAuth: [] }],
        response: { 200: paymentMethodAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => ({
      success: true,
      message: 'Payment method',
      data: await paymentMethod(requireUser(request), app.publicOrigin()),
    }),
  )

  app.post(
    '/payment-method',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Save payout details (stored masked: only the last four characters are kept)',
        security: [{ bearerAuth: [] }],
        body: payoutDetailsBody,
        response: { 200: paymentMethodAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      await savePayout(app.db, requireUser(request).id, request.body)
      return {
        success: true,
        message: 'Payment method saved',
        data: await paymentMethod(requireUser(request), app.publicOrigin()),
      }
    },
  )
}
