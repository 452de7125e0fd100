import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOT_A_REAL_DATE } from '../../contract/dates'
import { DEADLINE_NOT_REAL } from '../../contract/items'
import { items, trips } from '../db/schema'
import { bearer, createItem, createUser, itemBody, type TestUser } from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

const BERLIN = { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' }
const MUNICH = { lat: 48.1372, lng: 11.5756, address: 'Munich, Germany' }
const tripBody = (travel_date: string) => ({
  origin_address: BERLIN,
  destination_address: MUNICH,
  radius_km: 10,
  travel_date,
})

/** Days the calendar lacks (JavaScript's Date rolls them over; PostgreSQL refuses them). */
const UNREAL_DAYS = ['2027-02-30', '2027-02-29', '2027-13-01', '2027-04-31', '2100-02-29']
/** Times of day and offsets that do not exist, on a real day. */
const UNREAL_TIMES = [
  '2027-03-01T24:00:00Z',
  '2027-03-01T10:61:00Z',
  '2027-03-01T10:00:60Z',
  '2027-03-01T10:00:00+15:00',
  '2027-03-01T10:00:00-05:75',
]

describe.each(backends)('impossible dates on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let deliverer: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  const send = (user: TestUser, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: bearer(user) })
  const tripCount = async () =>
    Number(
      (
        await t.app.db.select({ n: count() }).from(trips).where(eq(trips.delivererId, deliverer.id))
      )[0]!.n,
    )

  it('refuses a trip on a day the calendar lacks with 400, created or changed, and keeps 29 February of a leap year', async () => {
    const leap = await send(deliverer, 'POST', '/api/trips', tripBody('2028-02-29'))
    expect(leap.statusCode).toBe(201)
    expect(leap.json().data.trip.travel_date).toBe('2028-02-29')
    const id = leap.json().data.trip.id as string
    const before = await tripCount()
    for (const day of UNREAL_DAYS) {
      for (const [method, url] of [
        ['POST', '/api/trips'],
        ['PUT', `/api/trips/${id}`],
      ] as const) {
        const res = await send(deliverer, method, url, tripBody(day))
        expect(res.statusCode, `${method} ${day}`).toBe(400)
        expect(res.json(), `${method} ${day}`).toEqual({
          success: false,
          code: 'VALIDATION_FAILED',
          message: NOT_A_REAL_DATE,
          errors: { travel_date: [NOT_A_REAL_DATE] },
        })
      }
    }
    expect(await tripCount()).toBe(before)
    const [row] = await t.app.db.select().from(trips).where(eq(trips.id, id))
    expect(row!.travelDate).toBe('2028-02-29')
  })

  it('refuses an item deadline on a day or at a time that does not exist, created or updated', async () => {
    const leap = await send(
      sender,
      'POST',
      '/api/items',
      itemBody({ delivery_deadline: '2028-02-29T10:00:00+14:00' }),
    )
    expect(leap.statusCode).toBe(201)
    const pending = await createItem(t.app, sender.id)
    const itemCount = async () => (await t.app.db.select({ n: count() }).from(items))[0]!.n
    const before = await itemCount()
    for (const deadline of [...UNREAL_DAYS.map((day) => `${day}T10:00:00Z`), ...UNREAL_TIMES]) {
      const created = await send(
        sender,
        'POST',
        '/api/items',
        itemBody({ delivery_deadline: deadline }),
      )
      expect(created.statusCode, deadline).toBe(400)
      expect(created.json(), deadline).toEqual({
        success: false,
        code: 'VALIDATION_FAILED',
        message: DEADLINE_NOT_REAL,
        errors: { delivery_deadline: [DEADLINE_NOT_REAL] },
      })
      const updated = await send(sender, 'POST', '/api/update-item', {
        ...itemBody({ delivery_deadline: deadline }),
        item_id: pending.id,
      })
      expect(updated.statusCode, deadline).toBe(400)
      expect(updated.json().errors, deadline).toEqual({ delivery_deadline: [DEADLINE_NOT_REAL] })
    }
    expect(await itemCount()).toBe(before)
    const [row] = await t.app.db.select().from(items).where(eq(items.id, pending.id))
    expect(row!.deliveryDeadline).toEqual(pending.deliveryDeadline)
  })

  it('refuses the available-items date filter on a day the calendar lacks', async () => {
    const route = { origin_address: BERLIN, destination_address: MUNICH }
    for (const day of UNREAL_DAYS) {
      const res = await send(deliverer, 'POST', `/api/available-items?date=${day}`, route)
      expect(res.statusCode, day).toBe(400)
      expect(res.json().errors, day).toEqual({ date: [NOT_A_REAL_DATE] })
    }
    const leap = await send(deliverer, 'POST', '/api/available-items?date=2028-02-29', route)
    expect(leap.statusCode).toBe(200)
  })
})
