import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_TRIPS, TOO_MANY_TRIPS, TRIP_DATE_PAST } from '../../contract/trips'
import { trips } from '../db/schema'
import { bearer, createUser, type TestUser } from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'
import { earliestTravelDate } from '../services/trips'

const DAY_MS = 24 * 60 * 60 * 1000
/** The UTC date `days` from now, YYYY-MM-DD. */
const utcDay = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)

const BERLIN = { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' }
const MUNICH = { lat: 48.1372, lng: 11.5756, address: 'Munich, Germany' }

/** A POST /api/trips body (Berlin to Munich, 10 km, in three days), with overrides. */
const tripBody = (over: Record<string, unknown> = {}) => ({
  name: 'Weekend at my parents',
  origin_address: BERLIN,
  destination_address: MUNICH,
  radius_km: 10,
  travel_date: utcDay(3),
  ...over,
})

describe.each(backends)('trips on %s', (backend) => {
  let t: TestApp
  let deliverer: TestUser
  let other: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    deliverer = await createUser(t.app, { role: 'deliverer' })
    other = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? bearer(user) : {},
      ...(payload ? { payload } : {}),
    })
  const stored = async (user: TestUser) =>
    (await t.app.db.select().from(trips).where(eq(trips.delivererId, user.id))).length

  it('saves, lists soonest first, changes and deletes a trip', async () => {
    const later = await call(deliverer, 'POST', '/trips', tripBody({ travel_date: utcDay(10) }))
    expect(later.statusCode).toBe(201)
    expect(later.json()).toEqual({
      success: true,
      message: 'Trip saved',
      data: {
        trip: {
          id: expect.any(String),
          name: 'Weekend at my parents',
          origin: BERLIN,
          destination: MUNICH,
          radius_km: 10,
          travel_date: utcDay(10),
          created_at: expect.any(String),
        },
      },
    })
    // Place names are geocoded the way available-items does it; no name is null.
    const sooner = await call(
      deliverer,
      'POST',
      '/trips',
      tripBody({ name: '  ', origin_address: 'Berlin', destination_address: 'Munich' }),
    )
    expect(sooner.statusCode).toBe(201)
    const soonerTrip = sooner.json().data.trip
    expect(soonerTrip).toMatchObject({
      name: null,
      origin: { address: 'Berlin, Germany' },
      destination: { address: expect.stringContaining('Munich') },
      travel_date: utcDay(3),
    })

    const list = await call(deliverer, 'GET', '/trips')
    expect(list.statusCode).toBe(200)
    expect(list.json().data.trips.map((trip: { id: string }) => trip.id)).toEqual([
      soonerTrip.id,
      later.json().data.trip.id,
    ])
    expect((await call(other, 'GET', '/trips')).json().data.trips).toEqual([])

    const changed = await call(
      deliverer,
      'PUT',
      `/trips/${soonerTrip.id}`,
      tripBody({ name: 'Back home', radius_km: 25.5, travel_date: utcDay(20) }),
    )
    expect(changed.statusCode).toBe(200)
    expect(changed.json().data.trip).toMatchObject({
      id: soonerTrip.id,
      name: 'Back home',
      radius_km: 25.5,
      travel_date: utcDay(20),
    })
    expect(
      (await call(deliverer, 'GET', '/trips')).json().data.trips.map((x: { id: string }) => x.id),
    ).toEqual([later.json().data.trip.id, soonerTrip.id])

    const gone = await call(deliverer, 'DELETE', `/trips/${soonerTrip.id}`)
    expect(gone.json()).toEqual({ success: true, message: 'Trip deleted' })
    expect((await call(deliverer, 'DELETE', `/trips/${soonerTrip.id}`)).statusCode).toBe(404)
    expect(await stored(deliverer)).toBe(1)
    await call(deliverer, 'DELETE', `/trips/${later.json().data.trip.id}`)
  })

  it('answers 404 for another deliverer’s trip and unknown ids, 403 to other roles', async () => {
    const mine = (await call(deliverer, 'POST', '/trips', tripBody())).json().data.trip
    const notFound = { success: false, message: 'Trip not found', code: 'TRIP_NOT_FOUND' }
    const put = await call(other, 'PUT', `/trips/${mine.id}`, tripBody({ name: 'Hijacked' }))
    expect(put.statusCode).toBe(404)
    expect(put.json()).toEqual(notFound)
    const del = await call(other, 'DELETE', `/trips/${mine.id}`)
    expect(del.statusCode).toBe(404)
    expect(del.json()).toEqual(notFound)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await call(deliverer, 'PUT', `/trips/${unknown}`, tripBody())).statusCode).toBe(404)
    expect((await call(deliverer, 'DELETE', `/trips/${unknown}`)).statusCode).toBe(404)
    expect((await call(deliverer, 'DELETE', '/trips/not-a-uuid')).statusCode).toBe(400)
    const [row] = await t.app.db.select().from(trips).where(eq(trips.id, mine.id))
    expect(row?.name).toBe('Weekend at my parents')

    for (const role of ['sender', 'admin'] as const) {
      const user = await createUser(t.app, { role })
      for (const res of [
        await call(user, 'GET', '/trips'),
        await call(user, 'POST', '/trips', tripBody()),
        await call(user, 'PUT', `/trips/${mine.id}`, tripBody()),
        await call(user, 'DELETE', `/trips/${mine.id}`),
      ]) {
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual({ success: false, message: 'Forbidden', code: 'FORBIDDEN' })
      }
    }
    expect((await call(null, 'GET', '/trips')).statusCode).toBe(401)
    await call(deliverer, 'DELETE', `/trips/${mine.id}`)
  })

  it('refuses a past date, a bad radius and an unknown place, storing nothing', async () => {
    const before = await stored(deliverer)
    // The UTC date minus one day is still accepted: west of UTC it is the deliverer's today.
    expect(earliestTravelDate()).toBe(utcDay(-1))
    const past = await call(deliverer, 'POST', '/trips', tripBody({ travel_date: utcDay(-2) }))
    expect(past.statusCode).toBe(400)
    expect(past.json()).toMatchObject({
      success: false,
      message: TRIP_DATE_PAST,
      errors: { travel_date: [TRIP_DATE_PAST] },
    })
    for (const radius_km of [0, 501, 'abc'])
      expect((await call(deliverer, 'POST', '/trips', tripBody({ radius_km }))).statusCode).toBe(
        400,
      )
    const nowhere = await call(
      deliverer,
      'POST',
      '/trips',
      tripBody({ origin_address: 'Qqqxzzy Nowhereville' }),
    )
    expect(nowhere.statusCode).toBe(400)
    expect(nowhere.json().message).toBe('Location not found')
    expect(
      (await call(deliverer, 'POST', '/trips', tripBody({ travel_date: '2026-13-45' }))).statusCode,
    ).toBe(400)
    expect(await stored(deliverer)).toBe(before)

    const yesterday = await call(deliverer, 'POST', '/trips', tripBody({ travel_date: utcDay(-1) }))
    expect(yesterday.statusCode).toBe(201)
    const id = yesterday.json().data.trip.id
    const movedBack = await call(
      deliverer,
      'PUT',
      `/trips/${id}`,
      tripBody({ travel_date: utcDay(-5) }),
    )
    expect(movedBack.statusCode).toBe(400)
    expect(movedBack.json().message).toBe(TRIP_DATE_PAST)
    await call(deliverer, 'DELETE', `/trips/${id}`)
  })

  it(`refuses trip number ${MAX_TRIPS + 1} and stores nothing`, async () => {
    const user = await createUser(t.app, { role: 'deliverer' })
    for (let i = 0; i < MAX_TRIPS; i++)
      expect((await call(user, 'POST', '/trips', tripBody({ name: `Trip ${i}` }))).statusCode).toBe(
        201,
      )
    const extra = await call(user, 'POST', '/trips', tripBody({ name: 'One too many' }))
    expect(extra.statusCode).toBe(400)
    expect(extra.json()).toEqual({
      success: false,
      message: TOO_MANY_TRIPS,
      code: 'TOO_MANY_TRIPS',
    })
    expect(await stored(user)).toBe(MAX_TRIPS)
    // Deleting one makes room again.
    const [first] = (await call(user, 'GET', '/trips')).json().data.trips
    await call(user, 'DELETE', `/trips/${first.id}`)
    expect((await call(user, 'POST', '/trips', tripBody())).statusCode).toBe(201)
  })

  it(`keeps the limit of ${MAX_TRIPS} under 25 parallel saves`, async () => {
    const user = await createUser(t.app, { role: 'deliverer' })
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(user, 'POST', '/trips', tripBody({ name: `Parallel ${i}` })),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_TRIPS)
    expect(codes.filter((c) => c === 400)).toHaveLength(25 - MAX_TRIPS)
    expect(await stored(user)).toBe(MAX_TRIPS)
  })
})
