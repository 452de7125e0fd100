import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { releaseHeld } from '../services/payments/releases'
import { reverse } from '../services/payments/ledger'
import { createUser, type TestUser } from '../testing/fixtures'
import { byAccount, cents, moneyFlows, type MoneyCase } from '../testing/money-flows'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// The ledger (decisions 037 and 038) through the real calls: every flow leaves it balanced, the
// database refuses what would unbalance or rewrite it, and the deliverer's share is released once.

/** The database's own words for a refused statement (drizzle wraps them as the cause). */
const refusal = async (query: Promise<unknown>) => {
  try {
    await query
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } }
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`
  }
  return 'not refused'
}
const HOUR = 3600_000

describe.each(backends)('the ledger on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
  })
  afterAll(() => t?.close())

  const f = moneyFlows(
    () => t,
    () => admin,
  )
  const { post, get, awaitingSender, pay, answer, step, deliveredCase, holdPasses } = f
  const { deadlinePassed, ledgerOf, expectBalanced } = f
  const earningsOf = async (deliverer: TestUser) =>
    (await get(deliverer, '/api/payment-method')).json().data

  it('holds the payment at acceptance and releases the share less the fee after the hold', async () => {
    const c = await deliveredCase('25.00')
    const card = `sender_card:${c.sender.id}`
    const mine = `deliverer:${c.deliverer.id}`
    expect(byAccount(await ledgerOf(c.itemId))).toEqual({ [card]: -2500, held: 2500 })

    const held = await earningsOf(c.deliverer)
    expect(held.earnings).toHaveLength(1)
    const [earning] = held.earnings
    expect(earning).toMatchObject({ amount: 25, gross: 25, fee: 2.5, net: 22.5, status: 'held' })
    // PAYOUT_HOLD_HOURS defaults to 24.
    expect(new Date(earning.release_at).getTime() - new Date(earning.delivered_at).getTime()).toBe(
      24 * HOUR,
    )
    expect(held.totals).toEqual({ held: 22.5, available: 0, paid: 0 })
    expect(held.total_earned).toBe(25)

    // Not due yet: a run before release_at moves nothing.
    expect(
      await releaseHeld(t.app.db, t.app.notifier, t.app.config.money, c.requestId),
    ).toMatchObject({ released: false, why: 'not_due' })

    await holdPasses(c.requestId)
    const entries = await ledgerOf(c.itemId)
    expect(byAccount(entries)).toEqual({ [card]: -2500, held: 0, [mine]: 2250, platform_fees: 250 })
    expect(entries.map((e) => e.kind)).toEqual([
      'capture',
      'capture',
      'release',
      'release',
      'release',
    ])
    const released = await earningsOf(c.deliverer)
    expect(released.earnings[0]).toMatchObject({
      gross: 25,
      fee: 2.5,
      net: 22.5,
      status: 'available',
    })
    expect(released.totals).toEqual({ held: 0, available: 22.5, paid: 0 })
    const bell = (await get(c.deliverer, '/api/notifications')).json().data.notifications
    expect(bell.map((n: { kind: string }) => n.kind)).toContain('earnings_released')
    await expectBalanced()
  })

  it('rounds the fee half-up on what was paid ($0.55: 6 cents to Tote)', async () => {
    const c = await deliveredCase('0.55')
    await holdPasses(c.requestId)
    expect(byAccount(await ledgerOf(c.itemId))).toMatchObject({
      held: 0,
      [`deliverer:${c.deliverer.id}`]: 49,
      platform_fees: 6,
    })
    await expectBalanced()
  })

  it('captures and refunds a paid request the sender rejects, back to the card', async () => {
    const c = await awaitingSender()
    expect(await pay(c)).toBe(200)
    expect((await answer(c, 'rejected')).statusCode).toBe(200)
    await t.app.jobs.drain()
    const entries = await ledgerOf(c.itemId)
    expect(entries.map((e) => e.kind)).toEqual([
      'capture',
      'capture',
      'refund',
      'refund',
      'refund_sent',
      'refund_sent',
    ])
    expect(byAccount(entries)).toEqual({ [`sender_card:${c.sender.id}`]: 0, held: 0, refunds: 0 })
    await expectBalanced()
  })

  it('refunds a paid item the sender cancels before accepting', async () => {
    const c = await awaitingSender()
    expect(await pay(c)).toBe(200)
    expect((await post(c.sender, '/api/cancel-item', { item_id: c.itemId })).statusCode).toBe(200)
    await t.app.jobs.drain()
    expect(byAccount(await ledgerOf(c.itemId))).toEqual({
      [`sender_card:${c.sender.id}`]: 0,
      held: 0,
      refunds: 0,
    })
    await expectBalanced()
  })

  it('cancels and refunds an accepted item not delivered AUTO_REFUND_DAYS after its deadline, telling both', async () => {
    const c = await awaitingSender()
    expect(await pay(c)).toBe(200)
    expect((await answer(c, 'accepted')).statusCode).toBe(200)
    expect(await step(c, 'in_process')).toBe(200)
    // Six days late: not yet (the job queues itself again for the seventh day).
    await deadlinePassed(c, 6)
    expect(byAccount(await ledgerOf(c.itemId)).held).toBe(2500)
    await deadlinePassed(c, 8)
    const [item] = await t.database.rows<{ status: string }>(
      sql`select status from items where id = ${c.itemId}`,
    )
    expect(item?.status).toBe('cancelled')
    expect(byAccount(await ledgerOf(c.itemId))).toEqual({
      [`sender_card:${c.sender.id}`]: 0,
      held: 0,
      refunds: 0,
    })
    const kinds = async (user: TestUser) =>
      (await get(user, '/api/notifications'))
        .json()
        .data.notifications.map((n: { kind: string }) => n.kind)
    expect(await kinds(c.sender)).toContain('auto_refunded')
    expect(await kinds(c.deliverer)).toContain('delivery_expired')
    // Too late to deliver now; nothing is released.
    expect(await step(c, 'delivered')).not.toBe(200)
    await expectBalanced()
  })

  it('never auto-refunds a delivered item', async () => {
    const c = await deliveredCase()
    await deadlinePassed(c, 30)
    expect(byAccount(await ledgerOf(c.itemId)).held).toBe(2500)
    await holdPasses(c.requestId)
    expect(byAccount(await ledgerOf(c.itemId)).held).toBe(0)
    await expectBalanced()
  })

  it('refuses an unbalanced transaction, an entry edited or removed and a balance set by hand', async () => {
    const c = await deliveredCase()
    const [held] = await t.database.rows<{ id: string }>(
      sql`select id from ledger_accounts where key = 'held'`,
    )
    const unbalanced = t.app.db.transaction(async (tx) => {
      const id = randomUUID()
      await tx.execute(sql`insert into ledger_transactions (id, kind, key, item_id)
        values (${id}, 'capture', ${`sneaky:${c.itemId}`}, ${c.itemId})`)
      // Two lines, one cent apart: what a rounding slip would write.
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents)
        values (${id}, ${held!.id}, 100), (${id}, ${held!.id}, -99)`)
    })
    expect(await refusal(unbalanced)).toMatch(/does not balance/)
    const lonely = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_transactions (kind, key, item_id)
        values ('capture', ${`empty:${c.itemId}`}, ${c.itemId})`)
    })
    expect(await refusal(lonely)).toMatch(/needs at least two/)
    expect(
      await refusal(
        t.database.rows(sql`update ledger_entries set amount_cents = amount_cents + 1
        where account_id = ${held!.id}`),
      ),
    ).toMatch(/append-only/)
    expect(
      await refusal(
        t.database.rows(sql`delete from ledger_entries where account_id = ${held!.id}`),
      ),
    ).toMatch(/append-only/)
    expect(
      await refusal(
        t.database.rows(
          sql`update ledger_transactions set kind = 'release' where item_id = ${c.itemId}`,
        ),
      ),
    ).toMatch(/append-only/)
    expect(
      await refusal(
        t.database.rows(sql`update ledger_accounts set balance_cents = 0 where key = 'held'`),
      ),
    ).toMatch(/balance follows its entries/)
    const [none] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where key like ${`%:${c.itemId}`}`,
    )
    expect(none?.n).toBe(0)
    await expectBalanced()
  })

  it('corrects with a reversing transaction: a reversed release is no longer the deliverer’s', async () => {
    const c = await deliveredCase()
    await holdPasses(c.requestId)
    const release = (await ledgerOf(c.itemId)).find((e) => e.kind === 'release')!
    await t.app.db.transaction((tx) =>
      reverse(tx, {
        transactionId: release.transaction_id,
        key: `reversal:${release.transaction_id}`,
        memo: 'test correction',
      }),
    )
    const entries = await ledgerOf(c.itemId)
    expect(entries.filter((e) => e.kind === 'reversal')).toHaveLength(3)
    expect(byAccount(entries)).toMatchObject({ held: 2500, [`deliverer:${c.deliverer.id}`]: 0 })
    expect((await earningsOf(c.deliverer)).earnings[0].status).toBe('reversed')
    await expectBalanced()
  })

  it.runIf(backend === 'postgres')('pays once when the release runs 12 times at once', async () => {
    const c = await deliveredCase()
    await t.database.rows(sql`update releases set release_at = now() - interval '1 second'
      where request_id = ${c.requestId}`)
    const outcomes = await Promise.all([
      ...Array.from({ length: 12 }, () =>
        releaseHeld(t.app.db, t.app.notifier, t.app.config.money, c.requestId),
      ),
      t.app.jobs.drain(),
    ])
    const paid = outcomes.filter((o) => o && typeof o === 'object' && o.released)
    expect(paid.length).toBeLessThanOrEqual(1)
    await holdPasses(c.requestId)
    const entries = await ledgerOf(c.itemId)
    expect(entries.filter((e) => e.kind === 'release')).toHaveLength(3)
    expect(byAccount(entries)[`deliverer:${c.deliverer.id}`]).toBe(2250)
    const [balance] = await t.database.rows<{ b: string }>(
      sql`select balance_cents as b from ledger_accounts where key = ${`deliverer:${c.deliverer.id}`}`,
    )
    expect(Number(balance?.b)).toBe(2250)
    await expectBalanced()
  })

  it('shows the ledger to admins only, 404 for an unknown item', async () => {
    const c = await awaitingSender()
    expect((await get(c.sender, `/api/admin/ledger?item_id=${c.itemId}`)).statusCode).toBe(403)
    expect((await get(c.deliverer, `/api/admin/ledger?item_id=${c.itemId}`)).statusCode).toBe(403)
    const unknown = await get(
      admin,
      '/api/admin/ledger?item_id=00000000-0000-4000-8000-000000000000',
    )
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'ITEM_NOT_FOUND', message: 'Item not found' })
    const bad = await get(admin, '/api/admin/ledger?item_id=nope')
    expect(bad.statusCode).toBe(400)
    expect(await ledgerOf(c.itemId)).toEqual([])
  })

  describe('random sequences of paying, answering, moving, releasing and refunding', () => {
    type Step =
      | 'pay'
      | 'accept'
      | 'reject'
      | 'cancel'
      | 'pick_up'
      | 'deliver'
      | 'hold_passes'
      | 'deadline_passes'

    async function run(c: MoneyCase, s: Step) {
      switch (s) {
        case 'pay':
          return pay(c)
        case 'accept':
          return (await answer(c, 'accepted')).statusCode
        case 'reject':
          return (await answer(c, 'rejected')).statusCode
        case 'cancel':
          return (await post(c.sender, '/api/cancel-item', { item_id: c.itemId })).statusCode
        case 'pick_up':
          return step(c, 'in_process')
        case 'deliver':
          return step(c, 'delivered')
        case 'hold_passes':
          return holdPasses(c.requestId)
        case 'deadline_passes':
          return deadlinePassed(c, 8)
      }
    }

    it('keeps the ledger balanced, pays no more than captured less the fee, never refunds and releases both', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof(
              // The story forward, mostly; the ways back now and then.
              {
                weight: 4,
                arbitrary: fc.constantFrom<Step>(
                  'pay',
                  'accept',
                  'pick_up',
                  'deliver',
                  'hold_passes',
                ),
              },
              {
                weight: 1,
                arbitrary: fc.constantFrom<Step>('reject', 'cancel', 'deadline_passes'),
              },
            ),
            { minLength: 2, maxLength: 8 },
          ),
          fc.integer({ min: 50, max: 100_000 }),
          async (sequence, priceCents) => {
            const c = await awaitingSender((priceCents / 100).toFixed(2))
            for (const s of sequence) await run(c, s)
            await t.app.jobs.drain()
            await expectBalanced()
            const entries = await ledgerOf(c.itemId)
            const sum = (kind: string, account: string) =>
              entries
                .filter((e) => e.kind === kind && e.account === account)
                .reduce((total, e) => total + cents(e.amount), 0)
            const captured = sum('capture', 'held')
            const refunded = -sum('refund', 'held')
            const released = -sum('release', 'held')
            const toDeliverer = sum('release', `deliverer:${c.deliverer.id}`)
            const paid = captured - refunded
            const fee = Math.floor((paid * 1000 + 5000) / 10_000)
            expect(toDeliverer).toBeLessThanOrEqual(Math.max(0, paid - fee))
            expect(refunded > 0 && released > 0, `${sequence.join(', ')}`).toBe(false)
            expect(captured).toBeLessThanOrEqual(priceCents)
            // What left held never exceeds what came in.
            expect(refunded + released).toBeLessThanOrEqual(captured)
          },
        ),
        { numRuns: 12 },
      )
    }, 240_000)
  })
})
