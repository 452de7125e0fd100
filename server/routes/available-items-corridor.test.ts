import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { items } from '../db/schema'
import { CELLS, cellOf, corridorCells } from '../services/corridor-cells'
import {
  ANTIPODAL_ROUTE,
  detourKm,
  distanceToPathKm,
  greatCircleKm,
  matchesCorridor,
  matchesTwoEnds,
  pointOnPath,
  type LatLng,
} from '../services/corridor-geometry'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'
import { mustPath, seededRandom } from '../testing/corridor'

/** available-items matches along the path (docs/decisions/023-corridor-matching.md). */
const chicago = { lat: 41.8781, lng: -87.6298 }
const indianapolis = { lat: 39.7684, lng: -86.1581 }
const gary = { lat: 41.5934, lng: -87.3464 }
const lafayette = { lat: 40.4167, lng: -86.8753 }
const madrid = { lat: 40.4168, lng: -3.7038 }
const barcelona = { lat: 41.3874, lng: 2.1686 }
const fiji = { lat: -17.7134, lng: 178.065 }
const samoa = { lat: -13.8333, lng: -171.7667 }
const DAY = 24 * 3600 * 1000

describe.each(backends)('available-items along the path on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let me: TestUser
  let other: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    me = await createUser(t.app, { role: 'deliverer' })
    other = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  /** An approved item of the sender from `from` to `to`. */
  const item = (from: LatLng, to: LatLng, extra: Partial<typeof items.$inferInsert> = {}) =>
    createItem(t.app, sender.id, {
      fromLat: from.lat,
      fromLng: from.lng,
      toLat: to.lat,
      toLng: to.lng,
      sendingApproval: 'approved',
      ...extra,
    })
  const available = (body: Record<string, unknown>, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/available-items${query}`,
      headers: bearer(me),
      payload: body,
    })
  type Answer = { id: string; detour_km: number; distance_km: number }
  const answered = (res: { json(): { data: { items: Answer[] } } }) => res.json().data.items
  const ids = (res: { json(): { data: { items: Answer[] } } }) => answered(res).map((i) => i.id)
  const route = (o: LatLng, d: LatLng, radius_km: number) => ({
    radius_km,
    origin_address: o,
    destination_address: d,
  })
  /** Every id on the route, page by page (100 a page). */
  async function allIds(body: Record<string, unknown>) {
    const out: string[] = []
    for (let page = 1; ; page++) {
      const res = await available(body, `?per_page=100&page=${page}`)
      expect(res.statusCode).toBe(200)
      out.push(...ids(res))
      if (page >= res.json().data.pagination.last_page) return out
    }
  }

  it('matches an item on the way, not one beside the path or going backwards', async () => {
    const onTheWay = await item(gary, lafayette)
    const path = mustPath(chicago, indianapolis)
    const beside = await item(gary, pointOnPath(path, 180, -40))
    const backwards = await item(lafayette, gary)
    const res = await available(route(chicago, indianapolis, 25))
    expect(res.statusCode).toBe(200)
    expect(ids(res)).toContain(onTheWay.id)
    expect(ids(res)).not.toContain(beside.id)
    expect(ids(res)).not.toContain(backwards.id)
    // The old two-ends rule would not have found it: Gary is 40 km from Chicago.
    expect(greatCircleKm(chicago, gary)).toBeGreaterThan(25)
    const hit = answered(res).find((i) => i.id === onTheWay.id)
    expect(hit?.detour_km).toBe(detourKm(chicago, indianapolis, gary, lafayette))
    expect(hit?.distance_km).toBeCloseTo(
      greatCircleKm(chicago, gary) + greatCircleKm(lafayette, indianapolis),
      0,
    )
    // The other way round, the backwards item is on the way and the first is not.
    const back = await available(route(indianapolis, chicago, 25))
    expect(ids(back)).toContain(backwards.id)
    expect(ids(back)).not.toContain(onTheWay.id)
  })

  it('tests the radius of the path: just inside matches, just outside does not', async () => {
    const path = mustPath(chicago, indianapolis)
    const length = greatCircleKm(chicago, indianapolis)
    const at = (along: number, off: number) => pointOnPath(path, along, off)
    const inside = [
      await item(at(60, 9.95), at(120, -9.95)),
      await item(at(-9.95, 0), at(length + 9.95, 0)),
      await item(at(0, 9.95), at(length, -9.95)),
    ]
    const outside = [
      await item(at(60, 10.05), at(120, 0)),
      await item(at(60, 0), at(120, -10.05)),
      await item(at(-10.05, 0), at(120, 0)),
      await item(at(60, 0), at(length + 10.05, 0)),
    ]
    const got = ids(await available(route(chicago, indianapolis, 10)))
    for (const i of inside) expect(got).toContain(i.id)
    for (const o of outside) expect(got).not.toContain(o.id)
    // Two ends at one spot (or a hair apart backwards, within the 1 km slack) still match.
    const sameSpot = await item(at(80, 1), at(80, 1))
    const hairBack = await item(at(80.5, 0), at(80, 0))
    const tooFarBack = await item(at(82, 0), at(80, 0))
    const again = ids(await available(route(chicago, indianapolis, 10)))
    expect(again).toContain(sameSpot.id)
    expect(again).toContain(hairBack.id)
    expect(again).not.toContain(tooFarBack.id)
  })

  it('sorts by detour, then deadline, then id, and answers detour_km', async () => {
    const path = mustPath(madrid, barcelona)
    const length = greatCircleKm(madrid, barcelona)
    const due = (days: number) => new Date(Date.now() + days * DAY)
    // Off the path by x at both ends of a stretch: the detour grows with x.
    const off = (x: number, extra: Partial<typeof items.$inferInsert> = {}) =>
      item(pointOnPath(path, 100, x), pointOnPath(path, 300, x), extra)
    const far = await off(20, { deliveryDeadline: due(3) })
    const onPath = await item(pointOnPath(path, 50, 0), pointOnPath(path, 400, 0), {
      deliveryDeadline: due(9),
    })
    const near = await off(5, { deliveryDeadline: due(3) })
    // The same detour (mirror images of `near` across the path): the earlier deadline first.
    const nearMirrorLate = await off(-5, { deliveryDeadline: due(8) })
    const nearMirrorSoon = await off(-5, { deliveryDeadline: due(2) })
    const res = await available(route(madrid, barcelona, 30))
    const got = answered(res)
    const mine = [far, onPath, near, nearMirrorLate, nearMirrorSoon].map((i) => i.id)
    expect(got.map((i) => i.id).filter((id) => mine.includes(id))).toEqual([
      onPath.id,
      nearMirrorSoon.id,
      near.id,
      nearMirrorLate.id,
      far.id,
    ])
    const detours = got.map((i) => i.detour_km)
    expect(detours).toEqual([...detours].sort((a, b) => a - b))
    expect(got.find((i) => i.id === onPath.id)?.detour_km).toBe(0)
    const farKm = got.find((i) => i.id === far.id)?.detour_km ?? 0
    expect(farKm).toBe(
      detourKm(madrid, barcelona, pointOnPath(path, 100, 20), pointOnPath(path, 300, 20)),
    )
    expect(farKm).toBeGreaterThan(0)
    expect(length).toBeGreaterThan(400)
  })

  it('keeps every availability rule and filter', async () => {
    const path = mustPath(madrid, barcelona)
    // Mid-path: these only match under corridor matching (far from both ends).
    const [from, to] = [pointOnPath(path, 150, 3), pointOnPath(path, 350, -3)]
    const mid = (extra: Partial<typeof items.$inferInsert> = {}) => item(from, to, extra)
    const open = await mid({ name: 'Corridor kettle', fromAddress: 'Zaragoza, Spain' })
    const requestedByOther = await mid({ name: 'Corridor kettle two' })
    await createRequest(t.app, requestedByOther.id, other.id)
    const expired = await mid({ deliveryDeadline: new Date(Date.now() - 1000) })
    const own = await createItem(t.app, me.id, {
      fromLat: from.lat,
      fromLng: from.lng,
      toLat: to.lat,
      toLng: to.lng,
      sendingApproval: 'approved',
    })
    const notApproved = await mid({ sendingApproval: 'pending' })
    const rejected = await mid({ sendingApproval: 'rejected' })
    const cancelled = await mid({ status: 'cancelled' })
    const accepted = await mid()
    const req = await createRequest(t.app, accepted.id, other.id, { requestStatus: 'accepted' })
    await approveDelivery(t.app, accepted.id, req.id)
    const later = await mid({
      name: 'Late lamp',
      description: 'a brass LAMP',
      toAddress: 'Lleida, Spain',
      deliveryDeadline: new Date(Date.now() + 30 * DAY),
    })

    const body = route(madrid, barcelona, 10)
    const got = ids(await available(body))
    for (const yes of [open, requestedByOther, later]) expect(got).toContain(yes.id)
    for (const no of [expired, own, notApproved, rejected, cancelled, accepted])
      expect(got).not.toContain(no.id)
    expect(ids(await available(body, '?search=kettle'))).toEqual([open.id, requestedByOther.id])
    expect(ids(await available(body, '?search=lamp'))).toEqual([later.id])
    expect(ids(await available(body, '?location=zaragoza'))).toEqual([open.id])
    expect(ids(await available(body, '?location=lleida'))).toEqual([later.id])
    const date = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10)
    expect(ids(await available(body, `?date=${date}`))).toEqual([later.id])
    expect(ids(await available(body, `?search=lamp&location=lleida&date=${date}`))).toEqual([
      later.id,
    ])
    expect(ids(await available(body, '?search=kettle&location=lleida'))).toEqual([])
  })

  it('origin equal to destination: the disc of the radius around it', async () => {
    const nairobi = { lat: -1.2864, lng: 36.8172 }
    const path = mustPath(nairobi, nairobi)
    expect(path.disc).toBe(true)
    const north = pointOnPath(mustPath(nairobi, { lat: 0, lng: 36.8172 }), 15, 0)
    const south = pointOnPath(mustPath(nairobi, { lat: -3, lng: 36.8172 }), 19, 0)
    const tooFar = pointOnPath(mustPath(nairobi, { lat: -3, lng: 36.8172 }), 21, 0)
    const both = await item(north, south)
    const reverse = await item(south, north)
    const out = await item(north, tooFar)
    const got = ids(await available(route(nairobi, nairobi, 20)))
    expect(got).toContain(both.id)
    expect(got).toContain(reverse.id)
    expect(got).not.toContain(out.id)
  })

  it('refuses antipodal ends (400) and bad radii', async () => {
    const res = await available(route({ lat: 10, lng: 20 }, { lat: -10, lng: -160 }, 20))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      message: ANTIPODAL_ROUTE,
      code: 'VALIDATION_FAILED',
    })
    const almost = await available(route({ lat: 0, lng: 0 }, { lat: 0, lng: 179.95 }, 20))
    expect(almost.statusCode).toBe(400)
    expect(almost.json().message).toBe(ANTIPODAL_ROUTE)
    // 179.8° apart is one (long) route: answered.
    expect(
      (await available(route({ lat: 0, lng: 0 }, { lat: 0, lng: 179.8 }, 20))).statusCode,
    ).toBe(200)
    for (const [radius_km, message] of [
      [0, 'Radius must be at least 1 km'],
      [501, 'Radius must be at most 500 km'],
      ['far', 'Radius must be a number'],
    ] as const) {
      const refused = await available({ ...route(chicago, indianapolis, 10), radius_km })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe(message)
    }
  })

  it('works across the antimeridian (Fiji to Samoa)', async () => {
    const path = mustPath(fiji, samoa)
    const length = greatCircleKm(fiji, samoa)
    const pickup = pointOnPath(path, 100, 10)
    const dropoff = pointOnPath(path, length - 100, -10)
    expect(pickup.lng).toBeGreaterThan(0)
    expect(dropoff.lng).toBeLessThan(0)
    const along = await item(pickup, dropoff)
    const against = await item(dropoff, pickup)
    const aside = await item(pickup, pointOnPath(path, length / 2, 60))
    const got = ids(await available(route(fiji, samoa, 30)))
    expect(got).toContain(along.id)
    expect(got).not.toContain(against.id)
    expect(got).not.toContain(aside.id)
  })

  it('stores the route cell the corridor computes, at the grid edges too', async () => {
    const places: LatLng[] = [
      chicago,
      fiji,
      samoa,
      { lat: 90, lng: 180 },
      { lat: -90, lng: -180 },
      { lat: 0, lng: 0 },
      { lat: -0.000001, lng: -0.000001 },
      { lat: 41.999999999, lng: -87.000000001 },
      { lat: 89.99, lng: 179.99 },
    ]
    for (const [i, from] of places.entries()) {
      const to = places[(i + 3) % places.length] ?? chicago
      const { id } = await item(from, to)
      const [row] = await t.app.db
        .select({ cell: items.routeCell })
        .from(items)
        .where(eq(items.id, id))
      expect([from, to, row?.cell]).toEqual([
        from,
        to,
        cellOf(from.lat, from.lng) * CELLS + cellOf(to.lat, to.lng),
      ])
    }
  })

  it('answers what the geometry says on generated items, and every two-ends match', async () => {
    const next = seededRandom(16)
    const routes: [LatLng, LatLng, number][] = [
      [{ lat: -1.2864, lng: 36.8172 }, { lat: -4.0435, lng: 39.6682 }, 30], // Nairobi-Mombasa
      [{ lat: -31.9523, lng: 115.8613 }, { lat: -34.9285, lng: 138.6007 }, 50], // Perth-Adelaide
      [{ lat: -33.9249, lng: 18.4241 }, { lat: 30.0444, lng: 31.2357 }, 200], // Cape Town-Cairo
    ]
    // Nairobi-Mombasa finds its candidates by route cells, the two longer ones by 6-D boxes.
    expect(routes.map(([o, d, r]) => corridorCells(mustPath(o, d, r)) !== null)).toEqual([
      true,
      false,
      false,
    ])
    for (const [o, d, r] of routes) {
      const path = mustPath(o, d, r)
      const length = greatCircleKm(o, d)
      expect(length).toBeGreaterThan(2 * r)
      const near = (along: number) => pointOnPath(path, along, (next() * 2 - 1) * 1.5 * r)
      const aroundEnd = (p: LatLng) => {
        const towards = mustPath(p, { lat: p.lat + 1, lng: p.lng })
        return pointOnPath(towards, (next() * 2 - 1) * r, (next() * 2 - 1) * r)
      }
      const ends: [LatLng, LatLng][] = []
      for (let i = 0; i < 80; i++) ends.push([near(next() * length), near(next() * length)])
      for (let i = 0; i < 40; i++) ends.push([aroundEnd(o), aroundEnd(d)])
      const rows = await t.app.db
        .insert(items)
        .values(
          ends.map(([from, to], i) => ({
            name: `Generated ${i}`,
            category: 'other' as const,
            description: 'generated',
            quantity: 1,
            weight: 1,
            length: 10,
            width: 10,
            height: 10,
            fromLat: from.lat,
            fromLng: from.lng,
            fromAddress: 'here',
            toLat: to.lat,
            toLng: to.lng,
            toAddress: 'there',
            deliveryPhone: '+1 555 0100',
            deliveryAddress: 'there',
            deliveryDeadline: new Date(Date.now() + 7 * DAY),
            senderPrice: '10.00',
            senderId: sender.id,
            sendingApproval: 'approved' as const,
          })),
        )
        .returning({ id: items.id })
      const got = new Set(await allIds(route(o, d, r)))
      let twoEnds = 0
      let matched = 0
      rows.forEach((row, i) => {
        const [from, to] = ends[i] ?? [o, d]
        // Leave out the few within a metre of an edge, where float rounding may go either way.
        const edge = [from, to].some((p) => Math.abs(distanceToPathKm(path, p) - r) < 0.001)
        if (matchesTwoEnds(o, d, r, from, to)) {
          twoEnds++
          expect(got.has(row.id)).toBe(true)
        }
        const expected = matchesCorridor(path, from, to)
        if (expected) matched++
        if (!edge) expect([row.id, got.has(row.id)]).toEqual([row.id, expected])
      })
      expect(twoEnds).toBeGreaterThan(5)
      expect(matched).toBeGreaterThan(twoEnds)
    }
    // A long route with filters: the prepared statement of that shape (10 boxes, search).
    const [o, d, r] = routes[2] ?? routes[0] ?? [chicago, indianapolis, 10]
    const some = await available(route(o, d, r), '?search=generated&per_page=5')
    expect(some.statusCode).toBe(200)
    expect(ids(some)).toHaveLength(5)
  })
})
