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
  requestItemFields,
  updateDeliveryStatusFields,
} from '../../contract/deliveries'
import { messageOnly } from '../../contract/envelope'
import { fileMessages } from '../../contract/files'
import { HANDOFF } from '../../contract/handoff-messages'
import { MAX_PHOTO_BYTES } from '../../contract/photo-rules'
import { delivererItemAnswer } from '../../contract/items'
import { decide } from '../../contract/lifecycle'
import { requireUser } from '../plugins/auth'
import { requireForm } from '../plugins/uploads'
import { DomainError, fieldError, fieldErrors, ITEM_NOT_FOUND } from '../errors'
import { corridorPage, openItemsPage } from '../services/corridor'
import { geocode } from '../services/places/geocode'
import { ANTIPODAL_ROUTE, isAntipodal } from '../services/corridor-geometry'
import { checkUpload, travelRefusals, withUpload } from '../services/files'
import { checkHandoffCode, handoffMoment, handoffState, putPickupPhoto } from '../services/handoffs'
import { loadItemView, toItemViews } from '../services/item-view'
import {
  BAD_TRANSITION,
  carriedItemContext,
  delivererStats,
  isAvailable,
  moveDelivery,
  myDeliveriesPage,
  rejectedRequestsPage,
  requestItem,
} from '../services/deliveries'

const REQUEST_SENT = 'Request sent successfully!'
const PICKED_UP = 'Marked as picked up'
const DELIVERED = 'Marked as delivered'

const pageOf = (page: number, perPage: number, total: number) => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
})

/** Deliverer calls: available items, item detail, request-item, stats, deliveries. */
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
      const { origin_address, destination_address } = request.body
      // What both searches share: whose view, the radius, the filters and the page.
      const filters = {
        delivererId: user.id,
        radiusKm: request.body.radius_km,
        search: search || undefined,
        location: location || undefined,
        deadlineFrom,
        page,
        perPage: per_page,
      }
      if (destination_address === undefined) {
        // No route (issue 29 part 4): items near the origin, or the newest open items.
        const origin =
          origin_address === undefined ? null : await geocode(app.places, origin_address)
        const { rows, total } = await openItemsPage(app.db, {
          ...filters,
          ...(origin && { near: origin }),
        })
        const views = await toItemViews(
          app.db,
          rows.map((r) => r.item),
          user,
        )
        return {
          success: true,
          message: total ? 'Available items' : 'No items available',
          data: {
            items: views.map((v, i) => {
              const km = rows[i]?.distanceKm
              return km === undefined ? v : { ...v, distance_km: km }
            }),
            pagination: pageOf(page, per_page, total),
            origin,
            destination: null,
          },
        }
      }
      if (origin_address === undefined)
        throw fieldError('origin_address', 'Choose your current location')
      const origin = await geocode(app.places, origin_address)
      const destination = await geocode(app.places, destination_address)
      // No single great circle joins antipodal ends: refuse rather than pick one at random.
      if (isAntipodal(origin, destination))
        throw new DomainError('VALIDATION_FAILED', ANTIPODAL_ROUTE)
      const { rows, total } = await corridorPage(app.db, { ...filters, origin, destination })
      const views = await toItemViews(
        app.db,
        rows.map((r) => r.item),
        user,
      )
      return {
        success: true,
        message: total ? 'Available items' : 'No items available',
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
      if (!view) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
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
      if (!file) throw new DomainError('VALIDATION_FAILED', fileMessages.travelMissing)
      checkUpload(file, travelRefusals)
      const { item_id, deliverer_price } = parsed.data

      // The file first, out of the transaction; a refusal below deletes it again (withUpload).
      await withUpload(app.storage, file, travelRefusals, (put) =>
        requestItem(app.db, app.notifier, {
          itemId: item_id,
          delivererId: user.id,
          delivererPrice: deliverer_price,
          travelDocument: put,
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
      return {
        success: true,
        message: 'Statistics',
        data: await delivererStats(app.db, user.id),
      }
    },
  )

  // GET /api/my-deliveries: the deliverer's work (services/deliveries.ts myDeliveriesPage).
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
      const { rows, total } = await myDeliveriesPage(app.db, user.id, page, per_page)
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
      const { rows, total } = await rejectedRequestsPage(app.db, user.id, page, per_page)
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

  // POST /api/update-delivery-status (multipart; Idempotency-Key). The handoff code, moment, place
  // and pickup photo: docs/decisions/034-handoff-codes.md.
  app.post(
    '/update-delivery-status',
    {
      schema: {
        tags: ['deliveries'],
        summary:
          'Mark a carried item picked up (in_process) or delivered (with proof), with the handoff code',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: messageOnly },
      },
      onRequest: deliverer,
      preHandler: [
        app.multipartForm({
          fileField: ['proof_of_delivery', 'pickup_photo'],
          refusals: travelRefusals,
          // A pickup photo is a phone photo as it is (processPhoto's rules); the proof stays 2 MB.
          fileSize: MAX_PHOTO_BYTES,
        }),
        app.idempotent,
      ],
    },
    async (request) => {
      const user = requireUser(request)
      const form = requireForm(request)
      const parsed = updateDeliveryStatusFields.safeParse(form.fields)
      if (!parsed.success) throw fieldErrors(parsed.error.issues)
      const { item_id, status, handoff_code, happened_at, latitude, longitude, accuracy_m } =
        parsed.data
      const event = status === 'in_process' ? 'pick_up' : 'deliver'
      const step = status === 'in_process' ? 'pickup' : 'delivery'

      const context = await carriedItemContext(app.db, item_id, user.id)
      if (!context) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
      if ((latitude === undefined) !== (longitude === undefined))
        throw new DomainError('VALIDATION_FAILED', HANDOFF.locationPair)
      const state = await handoffState(app.db, item_id, step)
      const happenedAt = handoffMoment(happened_at, state, step)
      const proven = handoff_code
        ? await checkHandoffCode(app.db, app.handoffKeys, {
            code: handoff_code,
            itemId: item_id,
            step,
            state,
          })
        : undefined
      // After the code, so a code used already says so rather than that the step is done.
      const decision = decide(event, 'deliverer', {
        ...context,
        handoff: proven ? 'verified' : state.row?.waivedAt ? 'waived' : 'missing',
      })
      if (!decision.ok)
        throw decision.refused === 'handoff_proven'
          ? new DomainError('HANDOFF_CODE_REQUIRED', HANDOFF.required)
          : new DomainError('BAD_TRANSITION', BAD_TRANSITION)
      const proofFile = form.fileField === 'proof_of_delivery' ? form.file : undefined
      if (status === 'delivered') {
        if (!proofFile) throw new DomainError('VALIDATION_FAILED', fileMessages.deliveryMissing)
        checkUpload(proofFile, travelRefusals)
      }
      const photoFile =
        status === 'in_process' && form.fileField === 'pickup_photo' ? form.file : undefined

      const photo = photoFile ? await putPickupPhoto(app.storage, photoFile.buffer) : undefined
      try {
        await withUpload(
          app.storage,
          status === 'delivered' ? proofFile : undefined,
          travelRefusals,
          (proof) =>
            moveDelivery(app.db, app.notifier, app.config.money, {
              itemId: item_id,
              delivererId: user.id,
              move: decision.transition,
              proof,
              handoff: {
                requestId: state.requestId,
                step,
                proven,
                happenedAt,
                location:
                  latitude !== undefined && longitude !== undefined
                    ? { lat: latitude, lng: longitude, accuracyM: accuracy_m }
                    : undefined,
                photo,
              },
            }),
        )
      } catch (err) {
        if (photo) await app.storage.delete(photo.diskName).catch(() => {})
        throw err
      }
      return { success: true, message: status === 'in_process' ? PICKED_UP : DELIVERED }
    },
  )
}
