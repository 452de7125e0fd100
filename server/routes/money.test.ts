import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { items, payments, refunds } from '../db/schema'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

const PARALLEL = 20
const goodCard = {
  card_number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
}

describe.each(backends)('money on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let admin: TestUser
  let dana: TestUser
  let sam: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    admin = await createUser(t.app, { role: 'admin' })
    dana = await createUser(t.app, { role: 'deliverer', name: 'Dana Deliverer' })
    sam = await createUser(t.app, { role: 'deliverer', name: 'Sam Second' })
  })
  afterAll(() => t?.close())

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(user) })
  /** An approved item with requests of Dana (current, delivery-approved) and Sam (waiting). */
  async function itemWithRequests() {
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const first = await createRequest(t.app, item.id, dana.id, { delivererPrice: '30.00' })
    const second = await createRequest(t.app, item.id, sam.id, { delivererPrice: '25.00' })
    await approveDelivery(t.app, item.id, first.id)
    return { item, first, second }
  }
  const intent = (itemId: string, who = dana) =>
    post(sender, '/api/create-payment-intent', { item_id: itemId, deliverer_id: who.id })
  const pay = async (itemId: string, who = dana) => {
    const secret = (await intent(itemId, who)).json().data.client_secret as string
    const res = await post(sender, '/api/test-payments/confirm', {
      client_secret: secret,
      ...goodCard,
    })
    expect(res.statusCode).toBe(200)
    return secret
  }
  const paymentsOf = (itemId: string) =>
    t.app.db.select().from(payments).where(eq(payments.itemId, itemId)).orderBy(payments.createdAt)
  /** Cents the sender is out of pocket for an item once every queued refund went through. */
  async function netCents(itemId: string) {
    await t.app.jobs.drain()
    const rows = await paymentsOf(itemId)
    const paid = rows
      .filter((p) => ['succeeded', 'refund_pending', 'refunded'].includes(p.status))
      .reduce((sum, p) => sum + p.amountCents, 0)
    const back = rows.length
      ? await t.app.db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              rows.map((p) => p.id),
            ),
          )
      : []
    return (
      paid - back.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amountCents, 0)
    )
  }
  const receipts = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/receipts', headers: bearer(sender) })).json()
      .data as { item_id: string; status: string; amount: number; refunded_amount: number }[]

  it(`answers ${PARALLEL} parallel create-payment-intent calls with one client_secret`, async () => {
    const { item } = await itemWithRequests()
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => intent(item.id)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(PARALLEL).fill(200))
    const secrets = new Set(answers.map((a) => a.json().data.client_secret))
    expect(secrets.size).toBe(1)
    expect(await paymentsOf(item.id)).toHaveLength(1)
  })

  it('refuses a second live payment of a request in the database itself', async () => {
    const { item, first } = await itemWithRequests()
    await intent(item.id)
    const [live] = await paymentsOf(item.id)
    await expect(
      t.app.db.insert(payments).values({
        itemId: item.id,
        requestId: first.id,
        provider: 'test',
        providerIntentId: 'pi_test_sneaky',
        amountCents: live!.amountCents,
        status: 'requires_payment_method',
        clientSecret: 'pi_test_sneaky_secret',
      }),
    ).rejects.toThrow()
  })

  it(`charges once when the same card is confirmed ${PARALLEL} times at once`, async () => {
    const { item } = await itemWithRequests()
    const secret = (await intent(item.id)).json().data.client_secret
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        post(sender, '/api/test-payments/confirm', { client_secret: secret, ...goodCard }),
      ),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    expect(await netCents(item.id)).toBe(3000)
  })

  it('refunds a paid request the sender rejects, and shows it refunded on the receipt', async () => {
    const { item } = await itemWithRequests()
    await pay(item.id)
    const res = await post(sender, '/api/update-request-status', {
      item_id: item.id,
      deliverer_id: dana.id,
      status: 'rejected',
    })
    expect(res.statusCode).toBe(200)
    expect(await netCents(item.id)).toBe(0)
    const [payment] = await paymentsOf(item.id)
    expect(payment!.status).toBe('refunded')
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id))
    expect(refund).toMatchObject({
      amountCents: 3000,
      status: 'succeeded',
      reason: 'request_rejected',
      providerRefundId: expect.stringMatching(/^re_test_/),
    })
    expect((await receipts()).find((r) => r.item_id === item.id)).toMatchObject({
      status: 'refunded',
      amount: 30,
      refunded_amount: 30,
      refunded_at: expect.any(String),
    })
  })

  it('refunds the sender when an admin makes another deliverer current after they paid; they pay once for the new one', async () => {
    const { item, first } = await itemWithRequests()
    await pay(item.id)
    const res = await post(admin, '/api/admin/delivery-approval', {
      item_id: item.id,
      deliverer_id: sam.id,
      decision: 'approved',
    })
    expect(res.statusCode).toBe(200)
    expect(await netCents(item.id)).toBe(0)
    // The refunded intent can no longer be paid or used to accept.
    const old = (await paymentsOf(item.id)).find((p) => p.requestId === first.id)!
    const replay = await post(sender, '/api/test-payments/confirm', {
      client_secret: old.clientSecret,
      ...goodCard,
    })
    expect(replay.statusCode).toBe(409)
    expect(replay.json().message).toBe('This payment can no longer be completed')
    await pay(item.id, sam)
    const accepted = await post(sender, '/api/update-request-status', {
      item_id: item.id,
      deliverer_id: sam.id,
      status: 'accepted',
    })
    expect(accepted.statusCode).toBe(200)
    expect(await netCents(item.id)).toBe(2500)
    const mine = (await receipts()).filter((r) => r.item_id === item.id)
    expect(mine.map((r) => [r.status, r.amount, r.refunded_amount])).toEqual([
      ['succeeded', 25, 0],
      ['refunded', 30, 30],
    ])
  })

  it('refunds a paid item the sender cancels before accepting', async () => {
    const { item } = await itemWithRequests()
    await pay(item.id)
    const res = await post(sender, '/api/cancel-item', { item_id: item.id })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.item.status).toBe('cancelled')
    expect(await netCents(item.id)).toBe(0)
    const [refund] = await t.app.db
      .select()
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.itemId, item.id))
    expect(refund!.refunds.reason).toBe('item_cancelled')
  })

  it('never leaves a sender charged for a deliverer who is not current, when paying races an admin', async () => {
    for (let round = 0; round < PARALLEL; round++) {
      const { item } = await itemWithRequests()
      const secret = (await intent(item.id)).json().data.client_secret
      const [confirm, decision] = await Promise.all([
        post(sender, '/api/test-payments/confirm', { client_secret: secret, ...goodCard }),
        post(admin, '/api/admin/delivery-approval', {
          item_id: item.id,
          deliverer_id: sam.id,
          decision: 'approved',
        }),
      ])
      expect(decision.statusCode).toBe(200)
      expect([200, 409]).toContain(confirm.statusCode)
      expect(await netCents(item.id)).toBe(0)
    }
  })

  it('keeps every refund within its payment, one refund per payment', async () => {
    const rows = await t.app.db
      .select({
        paymentId: payments.id,
        paid: payments.amountCents,
        refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int`,
        count: sql<number>`count(${refunds.id})::int`,
      })
      .from(payments)
      .leftJoin(refunds, eq(refunds.paymentId, payments.id))
      .groupBy(payments.id)
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) {
      expect(r.refunded).toBeLessThanOrEqual(r.paid)
      expect(r.count).toBeLessThanOrEqual(1)
    }
    // And no item is paid twice over: at most one payment not refunded per item.
    const perItem = await t.app.db
      .select({ itemId: payments.itemId, n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.status, 'succeeded'))
      .groupBy(payments.itemId)
    expect(perItem.every((r) => r.n === 1)).toBe(true)
    // Money is held only for the request the sender sees now (paid, or paid and accepted).
    const held = await t.app.db
      .select({ current: items.currentRequestId, paidFor: payments.requestId })
      .from(payments)
      .innerJoin(items, eq(items.id, payments.itemId))
      .where(eq(payments.status, 'succeeded'))
    expect(held.length).toBeGreaterThan(0)
    for (const h of held) expect(h.current).toBe(h.paidFor)
  })
})
