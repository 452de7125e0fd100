import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerAccounts, testTransfers, transfers } from '../db/schema'
import { delivererAccount, HELD, post as postLedger } from '../services/payments/ledger'
import { settleDeliverer } from '../services/payments/transfers'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  handoffProof,
  multipart,
  payAndAccept,
  TINY_PDF,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// Paying the deliverer with the built-in test provider (decision 041): released money waits as
// available until the payout account can receive, then goes out by itself, once; a negative
// balance takes the latest transfers back; the reconciliation finds what differs.

describe.each(backends)('payouts with the test provider on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend, { APP_ORIGIN: 'https://tote.example' })
    admin = await createUser(t.app, { role: 'admin' })
  })
  afterAll(() => t?.close())

  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) })
  const view = async (user: TestUser) => {
    const res = await get(user, '/api/payment-method')
    expect(res.statusCode).toBe(200)
    return res.json().data
  }

  async function step(sender: TestUser, deliverer: TestUser, itemId: string, status: string) {
    const proof = await handoffProof(
      t.app,
      sender,
      itemId,
      status === 'in_process' ? 'pickup' : 'delivery',
    )
    const body = await multipart(
      { item_id: itemId, status, ...proof },
      ...(status === 'delivered'
        ? [{ field: 'proof_of_delivery', filename: 'proof.pdf', content: TINY_PDF }]
        : []),
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/update-delivery-status',
      headers: { ...bearer(deliverer), ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode).toBe(200)
  }

  /** A $25.00 item delivered by `deliverer`, its hold passed and released ($22.50 to them). */
  async function released(deliverer: TestUser) {
    const sender = await createUser(t.app, { role: 'sender' })
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const request = await createRequest(t.app, item.id, deliverer.id, { delivererPrice: '25.00' })
    await approveDelivery(t.app, item.id, request.id)
    await payAndAccept(t.app, sender, { itemId: item.id, delivererId: deliverer.id })
    await step(sender, deliverer, item.id, 'in_process')
    await step(sender, deliverer, item.id, 'delivered')
    await t.database.rows(sql`update releases set release_at = now() - interval '1 second'
      where request_id = ${request.id}`)
    await t.database.rows(sql`update jobs set run_at = now() where name = 'payments.release'
      and data->>'requestId' = ${request.id}`)
    await t.app.jobs.drain()
    return { itemId: item.id, requestId: request.id }
  }
  /** Follows the test account link as the deliverer's browser would. */
  const onboard = (url: string) => t.app.inject({ method: 'GET', url })
  const ledgerTotal = async () =>
    Number(
      (
        await t.app.db
          .select({ s: sql<string>`coalesce(sum(balance_cents), 0)` })
          .from(ledgerAccounts)
      )[0]!.s,
    )

  it('keeps released money available until onboarding ends, then pays it once, by itself', async () => {
    const dana = await createUser(t.app, { role: 'deliverer' })
    const { itemId } = await released(dana)

    const before = await view(dana)
    expect(before.test_mode).toBe(true)
    expect(before.payout_account).toEqual({ status: 'pending', payout_failed: false })
    expect(before.earnings[0]).toMatchObject({ item_id: itemId, status: 'available', net: 22.5 })
    expect(before.totals).toEqual({ held: 0, available: 22.5, paid: 0 })
    expect(before.onboarding_url).toMatch(/^\/api\/test-payouts\/onboard\?token=[0-9a-f]+$/)
    // Nothing can go to an account that cannot receive.
    expect(await settleDeliverer(t.app.db, t.app.payments, dana.id)).toMatchObject({
      paidCents: 0,
      waiting: 'cannot_receive',
    })

    // A fresh link on each visit: the one before stops working.
    const again = await view(dana)
    expect(again.onboarding_url).not.toBe(before.onboarding_url)
    expect((await onboard(before.onboarding_url)).json()).toMatchObject({ code: 'INVALID_LINK' })

    const done = await onboard(again.onboarding_url)
    expect(done.statusCode).toBe(302)
    expect(done.headers.location).toBe('/payment-method')
    expect((await onboard(again.onboarding_url)).statusCode).toBe(400)
    await t.app.jobs.drain()

    const after = await view(dana)
    expect(after.payout_account.status).toBe('active')
    expect(after.onboarding_url).toBeNull()
    expect(after.earnings[0]).toMatchObject({ status: 'paid', net: 22.5 })
    expect(after.totals).toEqual({ held: 0, available: 0, paid: 22.5 })
    const sent = await t.app.db
      .select()
      .from(testTransfers)
      .where(eq(testTransfers.transferGroup, itemId))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ amountCents: 2250 })
    expect(sent[0]!.sourceTransaction).toMatch(/^pi_test_/)

    // Again, and in parallel: nothing more goes out.
    await Promise.all(
      Array.from({ length: 5 }, () => settleDeliverer(t.app.db, t.app.payments, dana.id)),
    )
    expect(
      await t.app.db.select().from(testTransfers).where(eq(testTransfers.transferGroup, itemId)),
    ).toHaveLength(1)
    expect(await ledgerTotal()).toBe(0)

    // A later release goes out by itself: the account can receive now.
    await released(dana)
    expect((await view(dana)).totals).toEqual({ held: 0, available: 0, paid: 45 })
  })

  it('takes the latest transfers back when a refund after release made the balance negative', async () => {
    const sam = await createUser(t.app, { role: 'deliverer' })
    const first = await released(sam)
    await onboard((await view(sam)).onboarding_url)
    await t.app.jobs.drain()
    const second = await released(sam)
    expect((await view(sam)).totals.paid).toBe(45)

    // What a refund after release does to the deliverer's account (the refunds flow's part).
    await t.app.db.transaction(async (tx) => {
      await postLedger(tx, {
        kind: 'reversal',
        key: `test-refund-after-release:${second.requestId}`,
        itemId: second.itemId,
        requestId: second.requestId,
        entries: [
          { account: delivererAccount(sam.id), cents: -3000 },
          { account: HELD, cents: 3000 },
        ],
      })
    })
    const settled = await settleDeliverer(t.app.db, t.app.payments, sam.id)
    expect(settled.reversedCents).toBe(3000)
    const rows = await t.app.db.select().from(transfers).where(eq(transfers.delivererId, sam.id))
    const byItem = new Map(rows.map((r) => [r.itemId, r]))
    // Newest first: all of the second transfer, then 7.50 of the first.
    expect(byItem.get(second.itemId)).toMatchObject({
      reversedCents: 2250,
      reversalSentCents: 2250,
    })
    expect(byItem.get(first.itemId)).toMatchObject({ reversedCents: 750, reversalSentCents: 750 })
    const provider = await t.app.db
      .select()
      .from(testTransfers)
      .where(eq(testTransfers.transferGroup, second.itemId))
    expect(provider[0]!.reversedCents).toBe(2250)
    const seen = await view(sam)
    expect(seen.totals).toEqual({ held: 0, available: 0, paid: 15 })
    expect(seen.earnings.find((e: { item_id: string }) => e.item_id === first.itemId).status).toBe(
      'paid',
    )
    // Settling again changes nothing.
    expect((await settleDeliverer(t.app.db, t.app.payments, sam.id)).reversedCents).toBe(0)
    expect(await ledgerTotal()).toBe(0)
  })

  it('reconciles the ledger with the provider and shows admins what differs', async () => {
    const run = () =>
      t.app.inject({ method: 'POST', url: '/api/admin/reconciliation', headers: bearer(admin) })
    const ok = await run()
    expect(ok.statusCode).toBe(200)
    const report = ok.json().data.report
    expect(report).toMatchObject({ provider: 'test', balanced: true, transfers: [] })
    expect(report.lines.map((l: { difference: number }) => l.difference)).toEqual([0, 0, 0])
    expect(report.lines.find((l: { category: string }) => l.category === 'transfers').ledger).toBe(
      60,
    )

    // The provider's books say one transfer was larger than Tote recorded.
    const [one] = await t.app.db.select().from(testTransfers).limit(1)
    await t.app.db
      .update(testTransfers)
      .set({ amountCents: one!.amountCents + 100 })
      .where(eq(testTransfers.id, one!.id))
    expect((await run()).json().data.report).toMatchObject({
      balanced: false,
      transfers: [{ transfer_id: one!.id, problem: 'amount_differs' }],
    })
    const latest = await get(admin, '/api/admin/reconciliation')
    expect(latest.json().data.report).toMatchObject({ balanced: false })
    expect(
      latest.json().data.report.lines.find((l: { category: string }) => l.category === 'transfers')
        .difference,
    ).toBe(1)
    const deliverer = await createUser(t.app, { role: 'deliverer' })
    expect((await get(deliverer, '/api/admin/reconciliation')).statusCode).toBe(403)
  })
})
