import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptedDelivery,
  bearer,
  createUser,
  deliveryStep,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// GET /api/admin/money: Tote's money per day, read from the ledger alone (decision 037).

const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

describe.each(backends)('GET /api/admin/money on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
  })
  afterAll(() => t?.close())

  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) })
  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(user) })

  const accepted = (price: string) => acceptedDelivery(t.app, { price })
  async function step(c: Awaited<ReturnType<typeof accepted>>, status: 'in_process' | 'delivered') {
    expect(await deliveryStep(t.app, c, status)).toBe(200)
  }

  it('sums what is held, released, refunded and earned in fees, per day and in all', async () => {
    const empty = await get(admin, '/api/admin/money')
    expect(empty.statusCode, empty.body).toBe(200)
    expect(empty.json().data).toMatchObject({
      to: today(),
      from: daysAgo(29),
      held: 0,
      released: 0,
      refunded: 0,
      fees: 0,
      balanced: true,
    })
    expect(empty.json().data.days).toHaveLength(30)

    // $25.00 delivered and released (fee $2.50), $30.00 cancelled and refunded, $12.00 still held.
    const released = await accepted('25.00')
    await step(released, 'in_process')
    await step(released, 'delivered')
    await t.database.rows(sql`update releases set release_at = now() - interval '1 second'
      where request_id = ${released.requestId}`)
    await t.database.rows(sql`update jobs set run_at = now() where name = 'payments.release'`)
    const refunded = await accepted('30.00')
    expect(
      (await post(refunded.sender, '/api/cancel-item', { item_id: refunded.itemId, reason: 'No' }))
        .statusCode,
    ).toBe(200)
    await accepted('12.00')
    await t.app.jobs.drain()

    const res = await get(admin, `/api/admin/money?from=${daysAgo(1)}&to=${today()}`)
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({
      from: daysAgo(1),
      to: today(),
      held: 12,
      released: 25,
      refunded: 30,
      fees: 2.5,
      balanced: true,
    })
    expect(data.days).toEqual([
      { date: daysAgo(1), held: 0, released: 0, refunded: 0, fees: 0 },
      { date: today(), held: 12, released: 25, refunded: 30, fees: 2.5 },
    ])
    // A period that ended before any of it: nothing moved, nothing held.
    const before = (await get(admin, `/api/admin/money?from=${daysAgo(9)}&to=${daysAgo(2)}`)).json()
      .data
    expect(before).toMatchObject({ held: 0, released: 0, refunded: 0, fees: 0 })
    expect(before.days).toHaveLength(8)

    // A balance that drifted from its entries (the database's guard switched off, as only an
    // operator could) is shown, not hidden.
    const drift = (by: number) =>
      t.database.rows(sql`update ledger_accounts set balance_cents = balance_cents + ${by}
        where key = 'held'`)
    await t.database.rows(sql`alter table ledger_accounts disable trigger user`)
    await drift(1)
    expect((await get(admin, '/api/admin/money')).json().data.balanced).toBe(false)
    await drift(-1)
    await t.database.rows(sql`alter table ledger_accounts enable trigger user`)
    expect((await get(admin, '/api/admin/money')).json().data.balanced).toBe(true)
  })

  it('answers admins only, and refuses a period that is backwards, too long or not dates', async () => {
    const sender = await createUser(t.app, { role: 'sender' })
    expect((await get(sender, '/api/admin/money')).statusCode).toBe(403)
    for (const query of [
      `from=${today()}&to=${daysAgo(1)}`,
      `from=${daysAgo(400)}&to=${today()}`,
      'from=yesterday',
      'to=2026-02-30',
    ]) {
      const res = await get(admin, `/api/admin/money?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code, query).toBe('VALIDATION_FAILED')
    }
  })
})
