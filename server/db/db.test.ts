import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemHistory } from '../services/audit'
import { deliveryRequests, items, payments, terms, users } from './schema'
import { createItem, createUser, multipart, TINY_PDF } from '../testing/fixtures'
import { backends, createTestApp, login, type TestApp } from '../testing/test-app'

describe.each(backends)('database on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { SEED: 'true' })
  })
  afterAll(() => t?.close())

  it('has the cube and earthdistance extensions and one GiST index, the route as a 6-D point (migration 0023)', async () => {
    const ext = await t.database.rows<{ extname: string }>(
      sql`select extname from pg_extension order by extname`,
    )
    expect(ext.map((e) => e.extname)).toEqual(expect.arrayContaining(['cube', 'earthdistance']))
    const idx = await t.database.rows<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'items' and indexdef ilike '%gist%' order by indexname`,
    )
    // The two ends' own earth indexes are gone: no query read them, every write paid for them.
    expect(idx.map((i) => i.indexname)).toEqual(['items_route_gist'])
    // The available-items corridor: from and to as one 6-D point (services/corridor.ts).
    expect(idx[0]!.indexdef).toContain('cube(ARRAY[')
  })

  it("keeps the trips' route cells GIN without a pending list, and no index of travel dates alone (migration 0022)", async () => {
    const [gin] = await t.database.rows<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'trips_route_cells_gin'`,
    )
    expect(gin?.indexdef).toMatch(/fastupdate='?false/)
    // Matching dates the GIN's candidates without an index (services/trip-alerts.ts).
    const dated = await t.database.rows(
      sql`select 1 from pg_indexes where indexname = 'trips_travel_date_idx'`,
    )
    expect(dated).toEqual([])
  })

  it("keeps each item's unit vectors and whether a request is accepted, whatever writes it (migration 0026)", async () => {
    const [deliverer] = await t.app.db.select().from(users).where(eq(users.role, 'deliverer'))
    const [sender] = await t.app.db.select().from(users).where(eq(users.role, 'sender'))
    const item = await createItem(t.app, sender!.id)
    const rad = Math.PI / 180
    const [fromLat, fromLng] = [item.fromLat * rad, item.fromLng * rad]
    expect(item.fromX).toBeCloseTo(Math.cos(fromLat) * Math.cos(fromLng), 12)
    expect(item.fromY).toBeCloseTo(Math.cos(fromLat) * Math.sin(fromLng), 12)
    expect(item.toZ).toBeCloseTo(Math.sin(item.toLat * rad), 12)
    expect(item.taken).toBe(false)
    const taken = async () =>
      (await t.app.db.select({ taken: items.taken }).from(items).where(eq(items.id, item.id)))[0]
        ?.taken
    const [request] = await t.app.db
      .insert(deliveryRequests)
      .values({ itemId: item.id, delivererId: deliverer!.id })
      .returning()
    expect(await taken()).toBe(false)
    const setStatus = (requestStatus: 'accepted' | 'rejected') =>
      t.app.db
        .update(deliveryRequests)
        .set({ requestStatus })
        .where(eq(deliveryRequests.id, request!.id))
    await setStatus('accepted')
    expect(await taken()).toBe(true)
    await setStatus('rejected')
    expect(await taken()).toBe(false)
    await setStatus('accepted')
    await t.app.db.delete(deliveryRequests).where(eq(deliveryRequests.id, request!.id))
    expect(await taken()).toBe(false)
    await t.app.db
      .insert(deliveryRequests)
      .values({ itemId: item.id, delivererId: deliverer!.id, requestStatus: 'accepted' })
    expect(await taken()).toBe(true)
    // Deleting the item takes its accepted request with it (the trigger finds no item to mark).
    await t.app.db.delete(items).where(eq(items.id, item.id))
    expect(await taken()).toBeUndefined()
  })

  it.runIf(backend === 'postgres')(
    "keeps taken right when two transactions change the same item's requests at once",
    async () => {
      const [deliverer] = await t.app.db.select().from(users).where(eq(users.role, 'deliverer'))
      const [sender] = await t.app.db.select().from(users).where(eq(users.role, 'sender'))
      const item = await createItem(t.app, sender!.id)
      const helper = await createUser(t.app, { role: 'deliverer' })
      const [first, second] = await t.app.db
        .insert(deliveryRequests)
        .values([
          { itemId: item.id, delivererId: deliverer!.id, requestStatus: 'accepted' },
          { itemId: item.id, delivererId: helper.id },
        ])
        .returning()
      const setStatus = (
        tx: Pick<TestApp['app']['db'], 'update'>,
        id: string,
        s: 'accepted' | 'rejected',
      ) => tx.update(deliveryRequests).set({ requestStatus: s }).where(eq(deliveryRequests.id, id))
      // B accepts the second request and holds its transaction open; A declines the first
      // meanwhile, so A's trigger waits on the item B has locked. A must then see B's accepted
      // request: read with A's first snapshot it would not, and taken would end false.
      let bWrote!: () => void
      const written = new Promise<void>((resolve) => (bWrote = resolve))
      let finishB!: () => void
      const bMayCommit = new Promise<void>((resolve) => (finishB = resolve))
      const b = t.app.db.transaction(async (tx) => {
        await setStatus(tx, second!.id, 'accepted')
        bWrote()
        await bMayCommit
      })
      await written
      const a = t.app.db.transaction((tx) => setStatus(tx, first!.id, 'rejected'))
      // A's trigger waits on the item B locked: only then may B commit.
      try {
        await expect
          .poll(async () => {
            const [w] = await t.database.rows<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            )
            return w?.n ?? 0
          })
          .toBe(1)
      } finally {
        finishB()
        await Promise.allSettled([a, b])
      }
      await Promise.all([a, b])
      const [row] = await t.app.db
        .select({ taken: items.taken })
        .from(items)
        .where(eq(items.id, item.id))
      expect(row?.taken).toBe(true)
      // The later tests count the seed's items and accepted requests.
      await t.app.db.delete(items).where(eq(items.id, item.id))
      await t.app.db.delete(users).where(eq(users.id, helper.id))
    },
  )

  it('seeds the demo accounts, terms and items, and they can log in', async () => {
    expect(t.app.seededAccounts.map((a) => a.email)).toEqual([
      'admin@example.com',
      'sender@example.com',
      'deliverer@example.com',
    ])
    for (const [email, role] of [
      ['admin@example.com', 'admin'],
      ['sender@example.com', 'sender'],
      ['deliverer@example.com', 'deliverer'],
    ]) {
      const { res, body } = await login(t.app, email!, 'password123')
      expect(res.statusCode, email).toBe(200)
      expect(body.data.user.role).toBe(role)
    }
    const roles = (await t.app.db.select({ role: terms.role }).from(terms)).map((r) => r.role)
    expect(roles).toEqual(expect.arrayContaining(['sender', 'deliverer']))
    const all = await t.app.db.select().from(items)
    expect(all.length).toBeGreaterThanOrEqual(24)
    expect(new Set(all.map((i) => i.category)).size).toBe(5)
    const approved = all.filter((i) => i.sendingApproval === 'approved')
    expect(approved.length).toBeGreaterThan(all.length / 2)
    expect(all.some((i) => i.sendingApproval === 'pending')).toBe(true)
    expect(all.every((i) => i.deliveryDeadline.getTime() > Date.now())).toBe(true)
    const underWay = all.filter((i) => i.status !== 'pending').map((i) => i.status)
    expect(underWay.sort()).toEqual(['delivered', 'in_process', 'ready_to_pickup'])

    // The demo deliverer starts with two deliveries under way and a finished one, each paid for.
    const { token } = await login(t.app, 'deliverer@example.com', 'password123')
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    const stats = (await get('/api/deliverer-stats')).json().data
    expect(stats).toMatchObject({
      ready_to_pickup_items: 1,
      in_process_items: 1,
      delivered_items: 1,
    })
    expect(stats.available_items).toBeGreaterThan(10)
    const listed = (await get('/api/my-deliveries')).json().data.items
    expect(listed.map((i: { status: string }) => i.status).sort()).toEqual([
      'delivered',
      'in_process',
      'ready_to_pickup',
    ])
    const finished = listed.find((i: { status: string }) => i.status === 'delivered')
    const mine = listed.filter((i: { status: string }) => i.status !== 'delivered')
    const carried = mine.find((i: { status: string }) => i.status === 'in_process')
    expect((await itemHistory(t.app.db, carried.id)).map((h) => h.action)).toEqual([
      'item.sending_approved',
      'delivery_request.create',
      'delivery_request.delivery_approved',
      'request.accept',
      'delivery.in_process',
    ])
    // ...and a saved trip, on which items lie.
    const saved = (await get('/api/trips')).json().data.trips
    expect(saved).toHaveLength(1)
    const [trip] = saved
    expect(trip).toMatchObject({ name: 'East Coast run', radius_km: 50 })
    const onTrip = await t.app.inject({
      method: 'POST',
      url: '/api/available-items',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        origin_address: trip.origin,
        destination_address: trip.destination,
        radius_km: trip.radius_km,
      },
    })
    expect(onTrip.json().data.items.length).toBeGreaterThan(0)
    const paid = await t.app.db.select().from(payments)
    expect(paid.map((p) => [p.provider, p.status])).toEqual([
      ['test', 'succeeded'],
      ['test', 'succeeded'],
      ['test', 'succeeded'],
    ])
    // What was paid is each accepted request's agreed price; the pickup is stamped (decision 030).
    for (const item of listed) expect(item.agreed_price).toBe(item.sender_price)
    const accepted = await t.app.db
      .select({ cents: deliveryRequests.agreedPriceCents })
      .from(deliveryRequests)
      .where(eq(deliveryRequests.requestStatus, 'accepted'))
    expect(accepted.map((r) => r.cents).sort()).toEqual(paid.map((p) => p.amountCents).sort())
    const stamped = all.find((i) => i.id === carried.id)!
    expect(stamped.pickedUpAt).toBeInstanceOf(Date)
    expect(all.filter((i) => i.pickedUpAt !== null)).toHaveLength(2)

    // The finished one (decision 039): a short conversation, read, and both ratings, revealed.
    expect(finished.unread_messages).toBe(0)
    const thread = (await get(`/api/items/${finished.id}/messages`)).json().data
    expect(thread.messages.length).toBeGreaterThanOrEqual(3)
    expect(thread).toMatchObject({ state: 'open', unread: 0 })
    expect(new Set(thread.messages.map((m: { mine: boolean }) => m.mine))).toEqual(
      new Set([true, false]),
    )
    const rated = (await get(`/api/items/${finished.id}/ratings`)).json().data
    expect(rated).toMatchObject({ mine: { stars: 5 }, theirs: { stars: 5, by: 'sender' } })
    // Its hold ended two days ago: the queue released the deliverer's share.
    await t.app.jobs.drain()
    const earnings = (await get('/api/payment-method')).json().data.earnings
    expect(earnings.find((e: { item_id: string }) => e.item_id === finished.id)?.status).toBe(
      'available',
    )

    // Each has its handoff codes for the demo sender (decision 034); the one on its way was
    // picked up with its code, and the timeline says so.
    const sender = await login(t.app, 'sender@example.com', 'password123')
    for (const item of mine) {
      const codes = await t.app.inject({
        method: 'GET',
        url: `/api/items/${item.id}/handoff-codes`,
        headers: { authorization: `Bearer ${sender.token}` },
      })
      expect(codes.statusCode).toBe(200)
      const { pickup, delivery } = codes.json().data
      expect(delivery).toMatchObject({
        short_code: expect.stringMatching(/^\d{6}$/),
        used_at: null,
      })
      expect(pickup.used_at === null).toBe(item.status === 'ready_to_pickup')
      expect(item.pickup).toMatchObject({ phone: '+1 555 0100', sender_name: expect.any(String) })
    }
    expect(carried.timeline.map((e: { step: string; proof: string }) => [e.step, e.proof])).toEqual(
      [
        ['accepted', 'none'],
        ['picked_up', 'code'],
      ],
    )

    // The demo deliverer can make the next step of each with the sender's code, as codes are
    // required: the waiting one picked up, the one on its way delivered.
    for (const item of mine) {
      const pickingUp = item.status === 'ready_to_pickup'
      const codes = await t.app.inject({
        method: 'GET',
        url: `/api/items/${item.id}/handoff-codes`,
        headers: { authorization: `Bearer ${sender.token}` },
      })
      const body = await multipart(
        {
          item_id: item.id,
          status: pickingUp ? 'in_process' : 'delivered',
          handoff_code: codes.json().data[pickingUp ? 'pickup' : 'delivery'].code,
          happened_at: new Date().toISOString(),
        },
        ...(pickingUp
          ? []
          : [{ field: 'proof_of_delivery', filename: 'proof.pdf', content: TINY_PDF }]),
      )
      const moved = await t.app.inject({
        method: 'POST',
        url: '/api/update-delivery-status',
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      })
      expect(moved.statusCode, moved.body).toBe(200)
    }
    const after = (await get('/api/my-deliveries')).json().data.items
    expect(after.map((i: { status: string }) => i.status).sort()).toEqual([
      'delivered',
      'delivered',
      'in_process',
    ])
  })

  it('runs migrations and the seed idempotently', async () => {
    await t.database.migrate()
    const { seedIfEmpty } = await import('./seed')
    expect(await seedIfEmpty(t.app.db)).toEqual([])
    const [{ count } = { count: 0 }] = await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
    expect(count).toBe(3)
  })

  it('keeps emails lower-case in the database', async () => {
    await expect(
      t.app.db.insert(users).values({ email: 'Upper@Example.com', name: 'U', role: 'sender' }),
    ).rejects.toThrow()
  })
})

describe.each(backends)('seeding by default on %s', (backend) => {
  it(
    backend === 'pglite'
      ? 'seeds the embedded database when SEED is unset'
      : 'leaves PostgreSQL without demo accounts (no known password) when SEED is unset',
    async () => {
      const t = await createTestApp(backend, { SEED: '' })
      try {
        const emails = (await t.app.db.select().from(users)).map((u) => u.email).sort()
        if (backend === 'pglite') {
          expect(t.app.seededAccounts.map((a) => a.email).sort()).toEqual(emails)
          expect(emails).toContain('admin@example.com')
        } else {
          expect(t.app.seededAccounts).toEqual([])
          expect(emails).toEqual([])
        }
      } finally {
        await t.close()
      }
    },
  )
})

describe.each(backends)('seeding switched off on %s', (backend) => {
  it('leaves the database empty with SEED=false', async () => {
    const t = await createTestApp(backend, { SEED: 'false' })
    try {
      expect(t.app.seededAccounts).toEqual([])
      expect(await t.app.db.select().from(users)).toEqual([])
    } finally {
      await t.close()
    }
  })
})
