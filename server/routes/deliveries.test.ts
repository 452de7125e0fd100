import { eq, sql } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { auditLog, deliveryRequests, idempotencyKeys, items } from '../db/schema'
import { corridorQuery } from '../services/corridor'
import { greatCircleKm, pathOf, pointOnPath, type LatLng } from '../services/corridor-geometry'
import { countStoredFiles } from '../services/files'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  handoffProof,
  multipart,
  TINY_PDF,
  TINY_PNG,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

/** Degrees of latitude for `km` along a meridian on earthdistance's sphere (R = 6378168 m). */
const latKm = (km: number) => (km * 1000 * 180) / (Math.PI * 6378168)
const DAY = 24 * 3600 * 1000

describe.each(backends)('deliverer calls on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let me: TestUser
  let other: TestUser
  let region = 0
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    me = await createUser(t.app, { role: 'deliverer' })
    other = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  /** A fresh route per test (far from the others): origin O, destination D two degrees away. */
  const newRoute = () => {
    region++
    const o = { lat: -60 + region * 4, lng: -170 + region * 9 }
    return { o, d: { lat: o.lat + 2, lng: o.lng + 2 } }
  }
  const place = (p: { lat: number; lng: number }, dLat = 0) => ({ lat: p.lat + dLat, lng: p.lng })
  /** `alongKm` along the path o -> d from o (negative: behind it), then `offKm` straight off it. */
  const onPath = (
    o: { lat: number; lng: number },
    d: { lat: number; lng: number },
    alongKm: number,
    offKm = 0,
  ) => {
    const path = pathOf(o, d, 1)
    if (!path) throw new Error('antipodal test route')
    return pointOnPath(path, alongKm, offKm)
  }
  /** An approved item from `from` to `to`. */
  const corridorItem = async (
    from: { lat: number; lng: number },
    to: { lat: number; lng: number },
    extra: Partial<typeof items.$inferInsert> = {},
  ) => {
    const item = await createItem(t.app, sender.id, {
      fromLat: from.lat,
      fromLng: from.lng,
      toLat: to.lat,
      toLng: to.lng,
      sendingApproval: 'approved',
      ...extra,
    })
    return item
  }
  const available = (user: TestUser | null, body: Record<string, unknown>, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/available-items${query}`,
      headers: user ? bearer(user) : {},
      payload: body,
    })
  const ids = (res: { json(): { data: { items: { id: string }[] } } }) =>
    res.json().data.items.map((i) => i.id)

  describe('POST /api/available-items', () => {
    it('answers the corridor: route, radius edges, availability rules', async () => {
      const { o, d } = newRoute()
      // Two items on the path itself, due at the same time: their order falls to the id.
      const due = new Date(Date.now() + 7 * DAY)
      const inside = await corridorItem(o, d, { deliveryDeadline: due })
      const farOrigin = await corridorItem(place(o, 1), d)
      const reversed = await corridorItem(d, o)
      const edgeIn = await corridorItem(place(o, latKm(9.95)), place(d, -latKm(9.95)))
      // Just outside the radius of the path (corridor matching): straight off it at the origin,
      // and straight on past the destination.
      const edgeOut = await corridorItem(onPath(o, d, 0, 10.05), d)
      const edgeOutTo = await corridorItem(o, onPath(o, d, greatCircleKm(o, d) + 10.05))
      const expired = await corridorItem(o, d, { deliveryDeadline: new Date(Date.now() - 1000) })
      const own = await createItem(t.app, me.id, {
        fromLat: o.lat,
        fromLng: o.lng,
        toLat: d.lat,
        toLng: d.lng,
        sendingApproval: 'approved',
      })
      const notApproved = await corridorItem(o, d, { sendingApproval: 'pending' })
      const rejectedSending = await corridorItem(o, d, { sendingApproval: 'rejected' })
      const cancelled = await corridorItem(o, d, { status: 'cancelled' })
      const accepted = await corridorItem(o, d)
      const req = await createRequest(t.app, accepted.id, other.id, { requestStatus: 'accepted' })
      await approveDelivery(t.app, accepted.id, req.id)
      const requestedByOther = await corridorItem(o, d, { deliveryDeadline: due })
      await createRequest(t.app, requestedByOther.id, other.id)

      const res = await available(me, {
        radius_km: 10,
        origin_address: o,
        destination_address: d,
      })
      expect(res.statusCode).toBe(200)
      const got = ids(res)
      expect(got).toContain(inside.id)
      expect(got).toContain(edgeIn.id)
      expect(got).toContain(requestedByOther.id)
      for (const no of [
        farOrigin,
        reversed,
        edgeOut,
        edgeOutTo,
        expired,
        own,
        notApproved,
        rejectedSending,
        cancelled,
        accepted,
      ])
        expect(got).not.toContain(no.id)
      expect(got).toHaveLength(3)
      // sorted by detour: the two at detour 0 (same deadline, so by id), then the edge item
      expect(got[2]).toBe(edgeIn.id)
      expect([got[0], got[1]]).toEqual([inside.id, requestedByOther.id].sort())
      const body = res.json()
      expect(body.data.items[2].distance_km).toBe(19.9)
      expect(body.data.items[2].detour_km).toBeGreaterThan(0)
      expect(body.data.items[0].distance_km).toBe(0)
      expect(body.data.items[0].detour_km).toBe(0)
      expect(body.data.pagination).toEqual({
        current_page: 1,
        per_page: 10,
        total: 3,
        last_page: 1,
      })
      expect(body.data.origin).toEqual(o)
      expect(body.data.destination).toEqual(d)
      // the other deliverer's request is not shown to me
      const reqByOther = body.data.items.find((i: { id: string }) => i.id === requestedByOther.id)
      expect(reqByOther.requested_by).toEqual([])

      // a bigger radius takes in the far origin (111 km away)
      const wide = await available(me, {
        radius_km: 120,
        origin_address: o,
        destination_address: d,
      })
      expect(ids(wide)).toContain(farOrigin.id)
      expect(ids(wide)).not.toContain(reversed.id)
    })

    it('sorts by detour, pages with last_page, searches and filters', async () => {
      const { o, d } = newRoute()
      // Pickups behind the origin and drop-offs past the destination, on the path's great circle:
      // the detour is twice the overshoot (6, 1 and 4 km), distance_km the overshoot.
      const past = (km: number) => onPath(o, d, greatCircleKm(o, d) + km)
      const far = await corridorItem(onPath(o, d, -3), d, { name: 'Far lamp' })
      const near = await corridorItem(onPath(o, d, -0.5), d, { name: 'Near 100% cotton_shirt' })
      const mid = await corridorItem(onPath(o, d, -1.5), past(0.5), {
        name: 'Mid',
        description: 'a LAMP shade',
        deliveryDeadline: new Date(Date.now() + 30 * DAY),
        toAddress: 'Hamburg Altona, Germany',
      })
      const body = { origin_address: o, destination_address: d }
      const all = await available(me, body)
      expect(ids(all)).toEqual([near.id, mid.id, far.id])
      expect(all.json().data.items.map((i: { detour_km: number }) => i.detour_km)).toEqual([
        1, 4, 6,
      ])
      expect(all.json().data.items.map((i: { distance_km: number }) => i.distance_km)).toEqual([
        0.5, 2, 3,
      ])
      expect(all.json().data.pagination.per_page).toBe(10)

      const p2 = await available(me, body, '?page=2&per_page=2')
      expect(ids(p2)).toEqual([far.id])
      expect(p2.json().data.pagination).toEqual({
        current_page: 2,
        per_page: 2,
        total: 3,
        last_page: 2,
      })
      const lamp = await available(me, body, '?search=lamp')
      expect(ids(lamp)).toEqual([mid.id, far.id])
      const pct = await available(me, body, `?search=${encodeURIComponent('100%')}`)
      expect(ids(pct)).toEqual([near.id])
      // '_' is literal: 'o_t' would match 'cotton' as a wildcard
      expect(ids(await available(me, body, '?search=o_t'))).toEqual([])
      expect(ids(await available(me, body, '?search=n_s'))).toEqual([near.id])
      const later = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10)
      expect(ids(await available(me, body, `?date=${later}`))).toEqual([mid.id])
      expect(ids(await available(me, body, '?location=altona'))).toEqual([mid.id])
      // every filter at once, and each combination keeps to its own rules
      expect(ids(await available(me, body, `?search=lamp&location=altona&date=${later}`))).toEqual([
        mid.id,
      ])
      expect(ids(await available(me, body, '?search=lamp&location=munich'))).toEqual([far.id])
      const beyond = await available(me, body, '?page=3&per_page=2')
      expect(ids(beyond)).toEqual([])
      expect(beyond.json().data.pagination).toMatchObject({ total: 3, last_page: 2 })

      const empty = await available(me, { origin_address: d, destination_address: o })
      expect(empty.json().data).toMatchObject({
        items: [],
        pagination: { total: 0, last_page: 1 },
      })
      expect(empty.json().message).toBe('No items available')
    })

    it('geocodes plain strings and refuses unknown places and bad input', async () => {
      const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
      const res = await available(me, {
        radius_km: 20,
        origin_address: 'Berlin',
        destination_address: 'Munich',
      })
      expect(res.statusCode).toBe(200)
      expect(ids(res)).toContain(item.id)
      expect(res.json().data.origin.address).toBe('Berlin, Germany')
      const unknown = await available(me, {
        origin_address: 'Qwxzzyq',
        destination_address: 'Munich',
      })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json()).toEqual({
        success: false,
        message: 'Location not found',
        code: 'VALIDATION_FAILED',
      })
      const small = await available(me, {
        radius_km: 0.5,
        origin_address: 'Berlin',
        destination_address: 'Munich',
      })
      expect(small.statusCode).toBe(400)
      expect(small.json().message).toBe('Radius must be at least 1 km')
    })

    it('answers the items near the origin alone, and the newest open items with no route', async () => {
      const { o } = newRoute()
      const near = await corridorItem(onPath(o, { lat: o.lat + 2, lng: o.lng }, 5), place(o, 3))
      await corridorItem(onPath(o, { lat: o.lat + 2, lng: o.lng }, 30), place(o, 3))
      const res = await available(me, { origin_address: o, radius_km: 10 })
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(ids(res)).toEqual([near.id])
      expect(data.items[0].distance_km).toBeCloseTo(5, 0)
      expect(data.items[0].detour_km).toBeUndefined()
      expect(data).toMatchObject({ origin: { lat: o.lat, lng: o.lng }, destination: null })

      // No route: the newest open items first.
      const later = Date.now() + 60 * 60 * 1000
      const older = await openItem({ createdAt: new Date(later) })
      const newest = await openItem({ createdAt: new Date(later + 1000) })
      const closed = await openItem({ createdAt: new Date(later + 2000), status: 'cancelled' })
      const all = await available(me, {}, '?per_page=2')
      expect(all.statusCode).toBe(200)
      expect(ids(all)).toEqual([newest.id, older.id])
      expect(ids(all)).not.toContain(closed.id)
      expect(all.json().data).toMatchObject({ origin: null, destination: null })
      expect(all.json().data.pagination.total).toBeGreaterThan(2)

      const onlyDestination = await available(me, { destination_address: o })
      expect(onlyDestination.statusCode).toBe(400)
      expect(onlyDestination.json().message).toBe('Choose your current location')
    })

    it('is for deliverers only', async () => {
      const body = { origin_address: { lat: 1, lng: 1 }, destination_address: { lat: 2, lng: 2 } }
      expect((await available(null, body)).statusCode).toBe(401)
      const res = await available(sender, body)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ success: false, message: 'Forbidden', code: 'FORBIDDEN' })
    })

    it('plans the corridor on the route-cell B-tree, and a long wide one on the 6-D GiST', async () => {
      const { o, d } = newRoute()
      // A table of some size, most of it available (as in production), far from every test route:
      // on a handful of rows the planner rightly reads the primary key instead.
      await t.app.db.execute(
        sql`insert into items (name, category, from_lat, from_lng, to_lat, to_lng, delivery_deadline, sender_id, sending_approval)
            select 'Filler', 'other', -80 + (g % 50) * 0.1, 60 + (g % 97) * 0.3, -80, 60, now() + interval '7 days', ${sender.id}, 'approved'
            from generate_series(1, 5000) g`,
      )
      const planOf = (origin: LatLng, destination: LatLng, radiusKm: number) => {
        const q = corridorQuery(t.app.db, {
          delivererId: me.id,
          origin,
          destination,
          radiusKm,
          page: 1,
          perPage: 10,
        })
        return t.app.db.transaction(async (tx) => {
          // The test table is tiny: forbid the sequential scan the planner would rightly prefer.
          await tx.execute(sql`set local enable_seqscan = off`)
          const r = (await (tx as unknown as Db).execute(sql`explain ${q}`)) as unknown
          const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<
            string,
            string
          >[]
          return rows.map((row) => Object.values(row)[0]).join('\n')
        })
      }
      // Vacuumed, as autovacuum keeps a live table: its pages all-visible, for index-only scans.
      await t.app.db.execute(sql`vacuum analyze items`)
      // One B-tree probe per pair of grid cells (db/schema.ts items_route_cell_idx), each candidate
      // tested on the index's own columns, whether it is taken included (migrations 0024, 0026)...
      const plan = await planOf(o, d, 25)
      expect(plan).toMatch(/Index Only Scan using items_route_cell_idx/)
      // ...with no read of the requests per candidate...
      expect(plan).not.toMatch(/delivery_requests/)
      // ...unless the corridor holds too many pairs: then one GiST search per sub-segment box
      // answers both ends (items_route_gist).
      const capeTown = { lat: -33.9249, lng: 18.4241 }
      const cairo = { lat: 30.0444, lng: 31.2357 }
      expect(await planOf(capeTown, cairo, 200)).toMatch(/items_route_gist/)
    })
  })

  const requestItem = async (
    user: TestUser,
    fields: Record<string, string>,
    file?: { filename: string; content: Buffer } | null,
    headers: Record<string, string> = {},
  ) => {
    const f = file === undefined ? { filename: 'ticket.pdf', content: TINY_PDF } : file
    const body = await multipart(fields, ...(f ? [{ field: 'proof_of_travel', ...f }] : []))
    return t.app.inject({
      method: 'POST',
      url: '/api/request-item',
      headers: { ...bearer(user), ...body.headers, ...headers },
      payload: body.payload,
    })
  }
  const requestsOf = async (itemId: string) =>
    t.app.db.select().from(deliveryRequests).where(eq(deliveryRequests.itemId, itemId))
  const openItem = (extra: Partial<typeof items.$inferInsert> = {}) =>
    createItem(t.app, sender.id, { sendingApproval: 'approved', ...extra })

  describe('POST /api/request-item', () => {
    it('creates one pending request with the file, consent, price and an audit row', async () => {
      const item = await openItem({ senderPrice: '31.50' })
      const res = await requestItem(me, { item_id: item.id, accept_privacy: 'true' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, message: 'Request sent successfully!' })
      const [row] = await requestsOf(item.id)
      expect(row).toMatchObject({
        delivererId: me.id,
        delivererPrice: '31.50', // empty offer -> sender_price
        deliveryApproval: 'pending',
        requestStatus: 'pending',
        acceptPrivacy: true,
      })
      expect(row!.consentedAt).toBeInstanceOf(Date)
      expect(row!.proofOfTravelFileId).toBeTruthy()
      const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id))
      expect(audits).toMatchObject([{ actorId: me.id, action: 'delivery_request.create' }])

      const again = await requestItem(me, { item_id: item.id, accept_privacy: 'true' })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({
        success: false,
        code: 'CONFLICT',
        message: 'You have already requested this item',
      })
      expect(await requestsOf(item.id)).toHaveLength(1)

      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/item/${item.id}`,
        headers: bearer(me),
      })
      expect(detail.json().data.requested_by).toEqual([me.id])
    })

    it('takes a new offer after the sender declined, keeping the declined request as history', async () => {
      const item = await openItem()
      expect((await requestItem(me, { item_id: item.id, accept_privacy: 'true' })).statusCode).toBe(
        200,
      )
      // The admin approves the live request, then the sender answers it.
      const answer = async (status: 'rejected', reason?: string) => {
        const live = (await requestsOf(item.id)).find((r) => r.requestStatus === 'pending')
        if (live) await approveDelivery(t.app, item.id, live.id)
        return t.app.inject({
          method: 'POST',
          url: '/api/update-request-status',
          headers: bearer(sender),
          payload: { item_id: item.id, deliverer_id: me.id, status, reason },
        })
      }
      expect((await answer('rejected', 'Too late for me')).statusCode).toBe(200)
      const detail = async () =>
        (
          await t.app.inject({ method: 'GET', url: `/api/item/${item.id}`, headers: bearer(me) })
        ).json().data
      // Declined: not "requested" any more, and the reason is theirs to read.
      expect(await detail()).toMatchObject({
        requested_by: [],
        rejected_deliverer: [{ id: me.id, reason: 'Too late for me' }],
      })
      const rejectedList = async () =>
        ids(
          await t.app.inject({
            method: 'GET',
            url: '/api/rejected-requests?per_page=100',
            headers: bearer(me),
          }),
        )
      expect(await rejectedList()).toContain(item.id)

      const again = await requestItem(me, {
        item_id: item.id,
        accept_privacy: 'true',
        deliverer_price: '12.00',
      })
      expect(again.statusCode).toBe(200)
      const rows = await requestsOf(item.id)
      expect(rows.map((r) => r.requestStatus).sort()).toEqual(['pending', 'rejected'])
      expect(await detail()).toMatchObject({
        requested_by: [me.id],
        rejected_deliverer: [],
        deliverer_price: 12,
      })
      expect(await rejectedList()).not.toContain(item.id)
      // Still one live request at a time.
      const third = await requestItem(me, { item_id: item.id, accept_privacy: 'true' })
      expect(third.statusCode).toBe(409)
      // The sender's answer goes to the new request; the old one stays as it was.
      expect((await answer('rejected')).statusCode).toBe(200)
      const after = await requestsOf(item.id)
      expect(after.map((r) => r.rejectReason ?? 'none').sort()).toEqual(['Too late for me', 'none'])
      expect(after.every((r) => r.requestStatus === 'rejected')).toBe(true)
      // Declined twice, listed once.
      expect((await rejectedList()).filter((id) => id === item.id)).toHaveLength(1)
    })

    it('applies the price rule: the offer if set and non-negative, else sender_price', async () => {
      const cases: [string | undefined, string][] = [
        ['', '25.00'],
        [' ', '25.00'],
        ['-3', '25.00'],
        ['12.349', '12.34'],
        ['0', '0.00'],
        [undefined, '25.00'],
      ]
      for (const [offer, stored] of cases) {
        const item = await openItem()
        const fields: Record<string, string> = { item_id: item.id, accept_privacy: '1' }
        if (offer !== undefined) fields.deliverer_price = offer
        const res = await requestItem(me, fields)
        expect(res.statusCode, String(offer)).toBe(200)
        expect((await requestsOf(item.id))[0]!.delivererPrice).toBe(stored)
      }
      const item = await openItem()
      const bad = await requestItem(me, {
        item_id: item.id,
        accept_privacy: 'true',
        deliverer_price: 'abc',
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe('Offer price must be a plain number, like 12.50')
    })

    it('requires the file and consent, checks the bytes and stores nothing on refusal', async () => {
      const item = await openItem()
      const fields = { item_id: item.id, accept_privacy: 'true' }
      const filesBefore = await countStoredFiles(t.app.db)

      const missing = await requestItem(me, fields, null)
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toEqual({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Please upload a proof of travel document',
      })
      const noConsent = await requestItem(me, { item_id: item.id })
      expect(noConsent.statusCode).toBe(400)
      expect(noConsent.json().message).toBe('Please accept the terms to request this item')
      const declined = await requestItem(me, { item_id: item.id, accept_privacy: 'false' })
      expect(declined.statusCode).toBe(400)

      const typeMsg = 'Invalid file type. Please upload a PDF, JPEG, or PNG file.'
      for (const content of [
        TINY_PNG,
        Buffer.from('<html><script>alert(1)</script></html>'),
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
        Buffer.from('\x7fELF\x02\x01\x01'),
      ]) {
        const res = await requestItem(me, fields, { filename: 'ticket.pdf', content })
        expect(res.statusCode).toBe(415)
        expect(res.json()).toEqual({
          success: false,
          message: typeMsg,
          code: 'UNSUPPORTED_MEDIA_TYPE',
        })
      }
      const tooBig = await requestItem(me, fields, {
        filename: 'big.pdf',
        content: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(2_097_153 - 5)]),
      })
      expect(tooBig.statusCode).toBe(413)
      expect(tooBig.json()).toEqual({
        success: false,
        message: 'File size must be less than 2MB',
        code: 'PAYLOAD_TOO_LARGE',
      })
      expect(await countStoredFiles(t.app.db)).toBe(filesBefore)
      expect(await requestsOf(item.id)).toHaveLength(0)

      const exact = await requestItem(me, fields, {
        filename: 'exact.pdf',
        content: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(2_097_152 - 5)]),
      })
      expect(exact.statusCode).toBe(200)
      expect(await countStoredFiles(t.app.db)).toBe(filesBefore + 1)
      const png = await requestItem(other, fields, { filename: 'ticket.PNG', content: TINY_PNG })
      expect(png.statusCode).toBe(200)
    })

    it('answers 404 for items not available to the deliverer', async () => {
      const own = await createItem(t.app, me.id, { sendingApproval: 'approved' })
      const pending = await createItem(t.app, sender.id)
      const expired = await openItem({ deliveryDeadline: new Date(Date.now() - DAY) })
      const taken = await openItem()
      await createRequest(t.app, taken.id, other.id, { requestStatus: 'accepted' })
      for (const item of [own, pending, expired, taken]) {
        const res = await requestItem(me, { item_id: item.id, accept_privacy: 'true' })
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual({
          success: false,
          message: 'Item not found',
          code: 'ITEM_NOT_FOUND',
        })
      }
      const unknown = await requestItem(me, {
        item_id: '00000000-0000-4000-8000-000000000000',
        accept_privacy: 'true',
      })
      expect(unknown.statusCode).toBe(404)
      const senderCall = await requestItem(sender, { item_id: own.id, accept_privacy: 'true' })
      expect(senderCall.statusCode).toBe(403)
    })

    it('creates one request for a replayed Idempotency-Key', async () => {
      const item = await openItem()
      const fields = { item_id: item.id, accept_privacy: 'true' }
      const key = { 'idempotency-key': `outbox-${item.id}` }
      const first = await requestItem(me, fields, undefined, key)
      const files = await countStoredFiles(t.app.db)
      const second = await requestItem(me, fields, undefined, key)
      expect(first.statusCode).toBe(200)
      expect(second.statusCode).toBe(200)
      expect(second.json()).toEqual(first.json())
      expect(second.headers['idempotent-replayed']).toBe('true')
      expect(await requestsOf(item.id)).toHaveLength(1)
      expect(await countStoredFiles(t.app.db)).toBe(files)
      const keys = await t.app.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, key['idempotency-key']))
      expect(keys).toHaveLength(1)
    })
  })

  describe('GET /api/item/:id', () => {
    const get = (user: TestUser | null, id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/item/${id}`,
        headers: user ? bearer(user) : {},
      })

    it('answers available, requested and carried items as data', async () => {
      const open = await openItem()
      const res = await get(me, open.id)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        success: true,
        data: { id: open.id, name: 'Box of books' },
      })
      expect(res.json().data.item).toBeUndefined()

      // requested, then no longer available (another request accepted): still mine to see
      const requested = await openItem()
      await createRequest(t.app, requested.id, me.id)
      const winner = await createRequest(t.app, requested.id, other.id, {
        requestStatus: 'accepted',
      })
      await approveDelivery(t.app, requested.id, winner.id)
      await t.app.db
        .update(items)
        .set({ status: 'ready_to_pickup' })
        .where(eq(items.id, requested.id))
      const mine = await get(me, requested.id)
      expect(mine.statusCode).toBe(200)
      expect(mine.json().data).toMatchObject({ requested_by: [me.id], deliverer: null })
      const theirs = await get(other, requested.id)
      expect(theirs.json().data).toMatchObject({
        deliverer_id: other.id,
        request_status: 'accepted',
        status: 'ready_to_pickup',
      })
    })

    it("shows a deliverer their own request's price, pending or accepted, never a rival's", async () => {
      const item = await openItem({ senderPrice: '25.00' })
      expect((await get(me, item.id)).json().data.deliverer_price).toBeNull()
      const offered = await requestItem(me, {
        item_id: item.id,
        accept_privacy: 'true',
        deliverer_price: '29',
      })
      expect(offered.statusCode).toBe(200)
      const rival = await requestItem(other, { item_id: item.id, accept_privacy: 'true' })
      expect(rival.statusCode).toBe(200)
      // Both pending, neither current: each sees their own price only.
      expect((await get(me, item.id)).json().data).toMatchObject({
        deliverer_price: 29,
        deliverer_id: null,
        requested_by: [me.id],
      })
      expect((await get(other, item.id)).json().data.deliverer_price).toBe(25)
      // The rival's request becomes the current one and is accepted: still only their own.
      const [theirs] = (await requestsOf(item.id)).filter((r) => r.delivererId === other.id)
      await approveDelivery(t.app, item.id, theirs!.id)
      await t.app.db
        .update(deliveryRequests)
        .set({ requestStatus: 'accepted' })
        .where(eq(deliveryRequests.id, theirs!.id))
      await t.app.db.update(items).set({ status: 'ready_to_pickup' }).where(eq(items.id, item.id))
      expect((await get(me, item.id)).json().data).toMatchObject({
        deliverer_price: 29,
        deliverer: null,
        delivery_address: null,
      })
      expect((await get(other, item.id)).json().data).toMatchObject({
        deliverer_price: 25,
        deliverer_id: other.id,
        request_status: 'accepted',
      })
    })

    it('answers 404 for items the deliverer may not see, 403 to a sender, 401 anonymous', async () => {
      const pending = await createItem(t.app, sender.id)
      const own = await createItem(t.app, me.id, { sendingApproval: 'approved' })
      const expired = await openItem({ deliveryDeadline: new Date(Date.now() - DAY) })
      const carriedByOther = await openItem({ status: 'in_process' })
      const r = await createRequest(t.app, carriedByOther.id, other.id, {
        requestStatus: 'accepted',
      })
      await approveDelivery(t.app, carriedByOther.id, r.id)
      for (const id of [
        pending.id,
        own.id,
        expired.id,
        carriedByOther.id,
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
      ]) {
        const res = await get(me, id)
        expect(res.statusCode, id).toBe(404)
        expect(res.json()).toEqual({
          success: false,
          message: 'Item not found',
          code: 'ITEM_NOT_FOUND',
        })
      }
      expect((await get(sender, pending.id)).statusCode).toBe(403)
      expect((await get(null, pending.id)).statusCode).toBe(401)
    })
  })

  describe('deliveries: status, stats, lists', () => {
    let carrier: TestUser
    beforeAll(async () => {
      carrier = await createUser(t.app, { role: 'deliverer' })
    })
    /** An item whose current, accepted request is `user`'s, in `status`. */
    const carried = async (
      user: TestUser,
      status: 'ready_to_pickup' | 'in_process' | 'delivered',
      price = '20.00',
    ) => {
      const item = await openItem({ status })
      const r = await createRequest(t.app, item.id, user.id, {
        requestStatus: 'accepted',
        deliveryApproval: 'approved',
        delivererPrice: price,
      })
      await approveDelivery(t.app, item.id, r.id)
      return item
    }
    const update = async (
      user: TestUser,
      fields: Record<string, string>,
      file?: { filename: string; content: Buffer },
      headers: Record<string, string> = {},
    ) => {
      const body = await multipart(
        fields,
        ...(file ? [{ field: 'proof_of_delivery', ...file }] : []),
      )
      return t.app.inject({
        method: 'POST',
        url: '/api/update-delivery-status',
        headers: { ...bearer(user), ...body.headers, ...headers },
        payload: body.payload,
      })
    }
    const itemRow = async (id: string) =>
      (await t.app.db.select().from(items).where(eq(items.id, id)))[0]!

    it('moves ready_to_pickup -> in_process -> delivered with a proof', async () => {
      const item = await carried(carrier, 'ready_to_pickup')
      // The sender's codes, as the deliverer's phone reads them; one delivery proof for the
      // retries below, so the replay carries the same content.
      const pickup = await handoffProof(t.app, sender, item.id, 'pickup')
      const delivery = await handoffProof(t.app, sender, item.id, 'delivery')
      const early = await update(
        carrier,
        { item_id: item.id, status: 'delivered', ...delivery },
        {
          filename: 'proof.pdf',
          content: TINY_PDF,
        },
      )
      expect(early.statusCode).toBe(409)
      expect(early.json()).toEqual({
        success: false,
        code: 'BAD_TRANSITION',
        message: 'This delivery cannot move to that status',
      })
      const notMine = await update(other, { item_id: item.id, status: 'in_process', ...pickup })
      expect(notMine.statusCode).toBe(404)

      const picked = await update(carrier, { item_id: item.id, status: 'in_process', ...pickup })
      expect(picked.statusCode).toBe(200)
      expect(picked.json()).toEqual({ success: true, message: 'Marked as picked up' })
      expect((await itemRow(item.id)).status).toBe('in_process')
      const twice = await update(carrier, { item_id: item.id, status: 'in_process', ...pickup })
      expect(twice.statusCode).toBe(409)

      const noProof = await update(carrier, { item_id: item.id, status: 'delivered', ...delivery })
      expect(noProof.statusCode).toBe(400)
      expect(noProof.json().message).toBe('Please upload a proof of delivery document')
      const badProof = await update(
        carrier,
        { item_id: item.id, status: 'delivered', ...delivery },
        {
          filename: 'proof.pdf',
          content: TINY_PNG,
        },
      )
      expect(badProof.statusCode).toBe(415)
      expect(badProof.json().message).toBe(
        'Invalid file type. Please upload a PDF, JPEG, or PNG file.',
      )
      const key = { 'idempotency-key': `deliver-${item.id}` }
      const done = await update(
        carrier,
        { item_id: item.id, status: 'delivered', ...delivery },
        { filename: 'proof.png', content: TINY_PNG },
        key,
      )
      expect(done.statusCode).toBe(200)
      expect(done.json()).toEqual({ success: true, message: 'Marked as delivered' })
      const replay = await update(
        carrier,
        { item_id: item.id, status: 'delivered', ...delivery },
        { filename: 'proof.png', content: TINY_PNG },
        key,
      )
      expect(replay.json()).toEqual(done.json())
      const row = await itemRow(item.id)
      expect(row.status).toBe('delivered')
      expect(row.proofOfDeliveryFileId).toBeTruthy()
      const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, item.id))
      expect(audits.map((a) => a.action).sort()).toEqual([
        'delivery.delivered',
        'delivery.in_process',
      ])
      const back = await update(carrier, { item_id: item.id, status: 'in_process', ...pickup })
      expect(back.statusCode).toBe(409)

      // a pending (not accepted) request of the deliverer gives no right to move the item
      const waiting = await openItem()
      await createRequest(t.app, waiting.id, carrier.id)
      expect(
        (await update(carrier, { item_id: waiting.id, status: 'in_process', ...pickup }))
          .statusCode,
      ).toBe(404)
      const badStatus = await update(carrier, {
        item_id: waiting.id,
        status: 'cancelled',
        happened_at: new Date().toISOString(),
      })
      expect(badStatus.statusCode).toBe(400)
      expect(badStatus.json().message).toBe('Status must be in_process or delivered')
    })

    it('counts stats and lists my deliveries and rejected requests', async () => {
      const d = await createUser(t.app, { role: 'deliverer' })
      const stats = async () =>
        (
          await t.app.inject({ method: 'GET', url: '/api/deliverer-stats', headers: bearer(d) })
        ).json()
      const before = await stats()
      expect(before).toMatchObject({
        success: true,
        data: { ready_to_pickup_items: 0, in_process_items: 0, delivered_items: 0 },
      })
      const baseAvailable = before.data.available_items as number
      expect(baseAvailable).toBeGreaterThan(0)
      await openItem() // one more available item
      const ready = await carried(d, 'ready_to_pickup')
      const moving = await carried(d, 'in_process')
      const done1 = await carried(d, 'delivered', '10.50')
      const done2 = await carried(d, 'delivered', '5.25')
      const waiting = await openItem()
      await createRequest(t.app, waiting.id, d.id)
      const rejected = await openItem()
      await createRequest(t.app, rejected.id, d.id, { requestStatus: 'rejected' })
      const after = await stats()
      expect(after.data).toEqual({
        // +1 new, +2 requested by d (waiting, rejected) which stay available
        available_items: baseAvailable + 3,
        ready_to_pickup_items: 1,
        in_process_items: 1,
        delivered_items: 2,
      })

      const list = await t.app.inject({
        method: 'GET',
        url: '/api/my-deliveries?per_page=4',
        headers: bearer(d),
      })
      expect(list.statusCode).toBe(200)
      expect(ids(list)).toEqual([moving.id, ready.id, waiting.id, expect.any(String)])
      expect([done1.id, done2.id]).toContain(ids(list)[3])
      expect(list.json().data.pagination).toEqual({
        current_page: 1,
        per_page: 4,
        total: 5,
        last_page: 2,
      })
      const rej = await t.app.inject({
        method: 'GET',
        url: '/api/rejected-requests',
        headers: bearer(d),
      })
      expect(ids(rej)).toEqual([rejected.id])
      expect(rej.json().data.items[0].rejected_deliverer).toEqual([
        { id: d.id, name: d.name, reason: null },
      ])
      expect(rej.json().data.pagination).toEqual({
        current_page: 1,
        per_page: 10,
        total: 1,
        last_page: 1,
      })
      const asSender = await t.app.inject({
        method: 'GET',
        url: '/api/deliverer-stats',
        headers: bearer(sender),
      })
      expect(asSender.statusCode).toBe(403)
      expect((await t.app.inject({ method: 'GET', url: '/api/my-deliveries' })).statusCode).toBe(
        401,
      )

      // payment method: earnings of the delivered items
      const pm = await t.app.inject({
        method: 'GET',
        url: '/api/payment-method',
        headers: bearer(d),
      })
      expect(pm.statusCode).toBe(200)
      expect(pm.json().data).toMatchObject({
        provider: 'manual',
        test_mode: true,
        payout: null,
        payout_account: { status: 'pending', payout_failed: false },
        onboarding_url: expect.stringMatching(/\/api\/test-payouts\/onboard\?token=/),
        total_earned: 15.75,
      })
      expect(
        pm
          .json()
          .data.earnings.map((e: { amount: number }) => e.amount)
          .sort(),
      ).toEqual([10.5, 5.25])
    })

    it('stores payout details masked and refuses senders', async () => {
      const d = await createUser(t.app, { role: 'deliverer' })
      const save = await t.app.inject({
        method: 'POST',
        url: '/api/payment-method',
        headers: bearer(d),
        payload: {
          account_holder: 'Dana Driver',
          iban_or_account: 'DE89 3704 0044 0532 0130 00',
          routing_or_bic: 'COBADEFFXXX',
        },
      })
      expect(save.statusCode).toBe(200)
      expect(save.json()).toMatchObject({
        success: true,
        message: 'Payment method saved',
        data: {
          provider: 'manual',
          payout: {
            account_holder: 'Dana Driver',
            account_masked: '•••• 3000',
            routing_or_bic: 'COBADEFFXXX',
          },
          earnings: [],
          total_earned: 0,
        },
      })
      const stored = await t.database.rows<Record<string, unknown>>(
        sql`select * from payout_details where user_id = ${d.id}`,
      )
      expect(JSON.stringify(stored)).not.toContain('0532')
      expect(stored[0]).toMatchObject({ account_last4: '3000' })
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/payment-method',
        headers: bearer(d),
        payload: { account_holder: 'X', iban_or_account: '12' },
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe('Enter a valid account number or IBAN')
      const asSender = await t.app.inject({
        method: 'GET',
        url: '/api/payment-method',
        headers: bearer(sender),
      })
      expect(asSender.statusCode).toBe(403)
      expect((await t.app.inject({ method: 'GET', url: '/api/payment-method' })).statusCode).toBe(
        401,
      )
    })
  })
})

describe('GET /api/payment-method with Stripe', () => {
  let t: TestApp
  let fail = false
  const calls: string[] = []
  const server = setupServer(
    http.post('https://api.stripe.com/v1/accounts', async ({ request }) => {
      calls.push(`accounts ${await request.text()}`)
      if (fail) return HttpResponse.json({ error: { message: 'nope' } }, { status: 400 })
      return HttpResponse.json({ id: 'acct_test123', capabilities: { transfers: 'inactive' } })
    }),
    http.get('https://api.stripe.com/v1/accounts/:id', ({ params }) => {
      calls.push(`retrieve ${String(params.id)}`)
      return HttpResponse.json({ id: params.id, capabilities: { transfers: 'inactive' } })
    }),
    http.post('https://api.stripe.com/v1/account_links', async ({ request }) => {
      calls.push(`links ${await request.text()}`)
      return HttpResponse.json({ url: 'https://connect.stripe.com/setup/e/acct_test123/abc' })
    }),
  )
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    t = await createTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_x',
      APP_ORIGIN: 'https://tote.example',
    })
  })
  afterAll(async () => {
    server.close()
    await t?.close()
  })

  it('answers an onboarding link, creating the Stripe account once; null when Stripe fails', async () => {
    const d = await createUser(t.app, { role: 'deliverer' })
    const get = () =>
      t.app.inject({ method: 'GET', url: '/api/payment-method', headers: bearer(d) })
    const first = await get()
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toMatchObject({
      provider: 'stripe',
      payout: null,
      onboarding_url: 'https://connect.stripe.com/setup/e/acct_test123/abc',
    })
    expect(calls[1]).toContain(encodeURIComponent('https://tote.example/payment-method'))
    await get()
    expect(calls.filter((c) => c.startsWith('accounts'))).toHaveLength(1)

    fail = true
    const d2 = await createUser(t.app, { role: 'deliverer' })
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/payment-method',
      headers: bearer(d2),
    })
    expect(failed.statusCode).toBe(200)
    expect(failed.json().data).toMatchObject({ provider: 'stripe', onboarding_url: null })
  })
})
