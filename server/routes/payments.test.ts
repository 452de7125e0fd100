import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, deliveryRequests, items, payments } from '../db/schema'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

const card = (card_number: string, over: Record<string, unknown> = {}) => ({
  card_number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
  ...over,
})

describe.each(backends)('payments with the test provider on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let other: TestUser
  let deliverer: TestUser
  let second: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    other = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer', name: 'Dana Deliverer' })
    second = await createUser(t.app, { role: 'deliverer', name: 'Sam Second' })
  })
  afterAll(() => t?.close())

  const post = (user: TestUser | null, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: user ? bearer(user) : {} })

  /** An approved item whose current request (of `who`) is delivery-approved and pending. */
  async function readyItem(opts: { price?: string | null; who?: TestUser } = {}) {
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const request = await createRequest(
      t.app,
      item.id,
      (opts.who ?? deliverer).id,
      opts.price !== undefined ? { delivererPrice: opts.price } : {},
    )
    await approveDelivery(t.app, item.id, request.id)
    return { item, request }
  }
  const intent = (itemId: string, extra: object = {}, user = sender) =>
    post(user, '/api/create-payment-intent', {
      item_id: itemId,
      deliverer_id: deliverer.id,
      status: 'accepted',
      ...extra,
    })
  const confirm = (
    clientSecret: string,
    number: string,
    over: Record<string, unknown> = {},
    user = sender,
  ) =>
    post(user, '/api/test-payments/confirm', { client_secret: clientSecret, ...card(number, over) })
  const answer = (
    itemId: string,
    status: 'accepted' | 'rejected',
    who = deliverer,
    user = sender,
  ) => post(user, '/api/update-request-status', { item_id: itemId, deliverer_id: who.id, status })
  const state = async (itemId: string, requestId: string) => ({
    item: (await t.app.db.select().from(items).where(eq(items.id, itemId)))[0]!,
    request: (
      await t.app.db.select().from(deliveryRequests).where(eq(deliveryRequests.id, requestId))
    )[0]!,
    payments: await t.app.db.select().from(payments).where(eq(payments.itemId, itemId)),
  })

  it('creates an intent at the request’s price, ignoring a client-sent amount, and reuses it', async () => {
    const { item, request } = await readyItem({ price: '33.50' })
    const first = await intent(item.id, { amount: 1, amount_cents: 1 })
    expect(first.statusCode).toBe(200)
    const data = first.json().data
    expect(data).toMatchObject({ provider: 'test', amount: 33.5, currency: 'usd' })
    expect(data.client_secret).toMatch(/^pi_test_[0-9a-f]+_secret_[0-9a-f]+$/)
    const again = await intent(item.id)
    expect(again.json().data.client_secret).toBe(data.client_secret)
    const s = await state(item.id, request.id)
    expect(s.payments).toHaveLength(1)
    expect(s.payments[0]).toMatchObject({ amountCents: 3350, requestId: request.id })
  })

  it('uses the item’s sender_price when the deliverer made no offer', async () => {
    const { item } = await readyItem({ price: null })
    expect((await intent(item.id)).json().data.amount).toBe(25)
  })

  it('refuses to pay a request that is not the approved current one', async () => {
    const { item } = await readyItem()
    const wrong = await post(sender, '/api/create-payment-intent', {
      item_id: item.id,
      deliverer_id: second.id,
    })
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json()).toEqual({
      success: false,
      message: 'This request cannot be paid',
      code: 'BAD_TRANSITION',
    })
    const pendingApproval = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    await createRequest(t.app, pendingApproval.id, deliverer.id)
    expect((await intent(pendingApproval.id)).statusCode).toBe(409)
    expect((await intent(item.id, {}, other)).statusCode).toBe(404)
    expect((await intent(item.id, {}, deliverer)).statusCode).toBe(403)
    expect(
      (
        await post(null, '/api/create-payment-intent', {
          item_id: item.id,
          deliverer_id: deliverer.id,
        })
      ).statusCode,
    ).toBe(401)
  })

  it('decides by Stripe’s test cards', async () => {
    const { item } = await readyItem()
    const secret = (await intent(item.id)).json().data.client_secret
    const cases: [string, Record<string, unknown>, string][] = [
      ['4000 0000 0000 0002', {}, 'Your card was declined.'],
      ['4000000000009995', {}, 'Your card has insufficient funds.'],
      ['4242424242424241', {}, 'Your card number is incorrect.'],
      ['4242424242424242', { exp_year: 2020 }, 'Your card has expired.'],
    ]
    // A declined card is a 402 with the card's message, like Stripe's card errors.
    for (const [number, over, error] of cases) {
      const res = await confirm(secret, number, over)
      expect(res.statusCode, number).toBe(402)
      expect(res.json()).toEqual({ success: false, message: error, code: 'PAYMENT_DECLINED' })
    }
    expect((await confirm(secret, '4242424242424242', {}, other)).statusCode).toBe(404)
    const ok = await confirm(secret, '4242 4242 4242 4242')
    expect(ok.json().data).toEqual({ status: 'succeeded', error: null })
    const status = await post(sender, '/api/update-payment-status', { item_id: item.id })
    // What was charged comes from the server's record, with the receipt it is listed under.
    const receipts = await t.app.inject({
      method: 'GET',
      url: '/api/receipts',
      headers: bearer(sender),
    })
    const receipt = receipts.json().data.find((r: { item_id: string }) => r.item_id === item.id)
    expect(status.json()).toMatchObject({
      success: true,
      data: { status: 'succeeded', amount: 20, currency: 'usd', receipt_id: receipt.id },
    })
    expect(receipt.amount).toBe(20)
    expect((await post(other, '/api/update-payment-status', { item_id: item.id })).statusCode).toBe(
      404,
    )
  })

  it('refuses to accept without a payment and after a declined card, changing nothing', async () => {
    const { item, request } = await readyItem()
    const none = await answer(item.id, 'accepted')
    expect(none.statusCode).toBe(409)
    expect(none.json()).toEqual({
      success: false,
      message: 'Payment has not been completed',
      code: 'BAD_TRANSITION',
    })
    const secret = (await intent(item.id)).json().data.client_secret
    await confirm(secret, '4000000000000002')
    const declined = await answer(item.id, 'accepted')
    expect(declined.statusCode).toBe(409)
    expect(declined.json().message).toBe('Payment has not been completed')
    const s = await state(item.id, request.id)
    expect(s.item.status).toBe('pending')
    expect(s.request.requestStatus).toBe('pending')
    expect(s.payments[0]!.status).toBe('requires_payment_method')
  })

  it('accepts a paid request: ready_to_pickup, payment succeeded, audit row, receipt', async () => {
    const { item, request } = await readyItem({ price: '19.99' })
    const secret = (await intent(item.id)).json().data.client_secret
    await confirm(secret, '4242424242424242')
    const res = await answer(item.id, 'accepted')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Request accepted',
      data: { item: { status: 'ready_to_pickup', request_status: 'accepted' } },
    })
    const s = await state(item.id, request.id)
    expect(s.payments).toMatchObject([{ status: 'succeeded' }])
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, request.id))
    expect(audits).toMatchObject([{ actorId: sender.id, action: 'request.accept' }])
    const again = await answer(item.id, 'accepted')
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This request has already been answered')

    const receipts = await t.app.inject({
      method: 'GET',
      url: '/api/receipts',
      headers: bearer(sender),
    })
    expect(receipts.statusCode).toBe(200)
    expect(receipts.json().data[0]).toMatchObject({
      item_id: item.id,
      item_name: 'Box of books',
      deliverer_name: 'Dana Deliverer',
      amount: 19.99,
      currency: 'usd',
      status: 'succeeded',
    })
    expect(receipts.json().data[0].paid_at).toEqual(expect.any(String))
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/receipts',
      headers: bearer(other),
    })
    expect(theirs.json().data).toEqual([])
  })

  it('lets exactly one of two concurrent accepts through', async () => {
    const { item, request } = await readyItem()
    const secret = (await intent(item.id)).json().data.client_secret
    await confirm(secret, '4242424242424242')
    const results = await Promise.all([answer(item.id, 'accepted'), answer(item.id, 'accepted')])
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes).toEqual([200, 409])
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'This request has already been answered',
    )
    const s = await state(item.id, request.id)
    expect(s.payments).toHaveLength(1)
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, request.id))
    expect(audits).toHaveLength(1)
  })

  it('refuses an accept for a deliverer who is not the approved request', async () => {
    const { item, request } = await readyItem()
    await createRequest(t.app, item.id, second.id)
    const secret = (await intent(item.id)).json().data.client_secret
    await confirm(secret, '4242424242424242')
    const res = await answer(item.id, 'accepted', second)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('This deliverer is not the approved request')
    expect((await state(item.id, request.id)).item.status).toBe('pending')
    expect((await answer(item.id, 'accepted', deliverer, other)).statusCode).toBe(404)
  })

  it('rejects: the deliverer joins rejected_deliverer and the item is open again', async () => {
    const { item, request } = await readyItem()
    const res = await answer(item.id, 'rejected')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Request rejected',
      data: {
        item: {
          status: 'pending',
          deliverer: null,
          request_status: null,
          rejected_deliverer: [{ id: deliverer.id, name: 'Dana Deliverer' }],
        },
      },
    })
    const s = await state(item.id, request.id)
    expect(s.item.currentRequestId).toBeNull()
    expect(s.request.requestStatus).toBe('rejected')
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, request.id))
    expect(audits).toMatchObject([{ action: 'request.reject' }])
    const again = await answer(item.id, 'rejected')
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This request has already been answered')
    expect((await intent(item.id)).statusCode).toBe(409)
  })

  it('has no Stripe webhook without Stripe keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: { type: 'payment_intent.succeeded' },
    })
    expect(res.statusCode).toBe(404)
  })
})
