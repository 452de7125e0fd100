import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { jobs, payments, refunds, webhookEvents } from '../../db/schema'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  type TestUser,
} from '../../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../../testing/test-app'
import { createStripeProvider, STRIPE_API, STRIPE_API_VERSION } from './stripe'
import { luhnValid, testCardOutcome } from './test-provider'

/** A Stripe-Signature header for `payload`, as Stripe signs webhooks. */
const signStripePayload = (payload: string, secret: string, timestamp: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
import Stripe from 'stripe'

interface FakeIntent {
  id: string
  client_secret: string
  status: string
  amount: number
  currency: string
  metadata: Record<string, string>
}

/** A fake of Stripe's PaymentIntents API: what it received and the intents it holds. */
const stripe = {
  intents: new Map<string, FakeIntent>(),
  byKey: new Map<string, string>(),
  refunds: new Map<
    string,
    { id: string; status: string; amount: number; payment_intent: string }
  >(),
  received: [] as { headers: Headers; form: URLSearchParams }[],
}
let counter = 0
const server = setupServer(
  http.post(`${STRIPE_API}/payment_intents`, async ({ request }) => {
    const form = new URLSearchParams(await request.text())
    stripe.received.push({ headers: request.headers, form })
    if (request.headers.get('authorization') !== 'Bearer sk_test_fake')
      return HttpResponse.json({ error: { message: 'Invalid API Key provided' } }, { status: 401 })
    const key = request.headers.get('idempotency-key')
    const known = key ? stripe.byKey.get(key) : undefined
    if (known) return HttpResponse.json(stripe.intents.get(known))
    const id = `pi_fake_${++counter}`
    const metadata: Record<string, string> = {}
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k)
      if (m) metadata[m[1]!] = v
    }
    const intent: FakeIntent = {
      id,
      client_secret: `${id}_secret_fake`,
      status: 'requires_payment_method',
      amount: Number(form.get('amount')),
      currency: form.get('currency')!,
      metadata,
    }
    stripe.intents.set(id, intent)
    if (key) stripe.byKey.set(key, id)
    return HttpResponse.json(intent)
  }),
  http.post(`${STRIPE_API}/refunds`, async ({ request }) => {
    const form = new URLSearchParams(await request.text())
    stripe.received.push({ headers: request.headers, form })
    const key = request.headers.get('idempotency-key')!
    const known = stripe.refunds.get(key)
    if (known) return HttpResponse.json(known)
    const refund = {
      id: `re_fake_${++counter}`,
      object: 'refund',
      status: 'succeeded',
      amount: Number(form.get('amount')),
      payment_intent: form.get('payment_intent')!,
    }
    stripe.refunds.set(key, refund)
    return HttpResponse.json(refund)
  }),
  http.get(`${STRIPE_API}/payment_intents/:id`, ({ params }) => {
    const intent = stripe.intents.get(String(params.id))
    return intent
      ? HttpResponse.json(intent)
      : HttpResponse.json({ error: { message: 'No such payment_intent' } }, { status: 404 })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('the Stripe provider', () => {
  const provider = createStripeProvider({ secretKey: 'sk_test_fake' })

  it('creates an intent with the Idempotency-Key and a form body', async () => {
    stripe.received.length = 0
    const created = await provider.createIntent({
      amountCents: 2550,
      currency: 'usd',
      idempotencyKey: 'key-1',
      metadata: { item_id: 'i1', request_id: 'r1' },
    })
    expect(created).toMatchObject({ status: 'requires_payment_method' })
    expect(created.clientSecret).toBe(`${created.id}_secret_fake`)
    const [sent] = stripe.received
    expect(sent!.headers.get('idempotency-key')).toBe('key-1')
    expect(sent!.headers.get('stripe-version')).toBe(STRIPE_API_VERSION)
    expect(sent!.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(sent!.form)).toEqual({
      amount: '2550',
      currency: 'usd',
      'allowed_payment_method_types[0]': 'card',
      'metadata[item_id]': 'i1',
      'metadata[request_id]': 'r1',
    })
    const again = await provider.createIntent({
      amountCents: 2550,
      currency: 'usd',
      idempotencyKey: 'key-1',
      metadata: {},
    })
    expect(again.id).toBe(created.id)
    expect(await provider.retrieveIntent(created.id)).toEqual({
      id: created.id,
      status: 'requires_payment_method',
      amountCents: 2550,
    })
  })

  it('turns Stripe errors and network failures into 502', async () => {
    const wrongKey = createStripeProvider({ secretKey: 'sk_wrong' })
    await expect(
      wrongKey.createIntent({
        amountCents: 100,
        currency: 'usd',
        idempotencyKey: 'k',
        metadata: {},
      }),
    ).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      status: 502,
      message: 'Payment provider: Invalid API Key provided',
    })
    server.use(http.get(`${STRIPE_API}/payment_intents/:id`, () => HttpResponse.error()))
    await expect(provider.retrieveIntent('pi_x')).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      status: 502,
    })
  })
})

describe('test cards', () => {
  it('follows Stripe’s test cards', () => {
    expect(luhnValid('4242424242424242')).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    const c = { exp_month: 1, exp_year: 2099, cvc: '123' }
    expect(testCardOutcome({ ...c, card_number: '5555 5555 5555 4444' })).toEqual({
      status: 'succeeded',
      error: null,
    })
    expect(testCardOutcome({ ...c, card_number: '4000000000000002' }).error).toBe(
      'Your card was declined.',
    )
    const now = new Date(Date.UTC(2030, 4, 15))
    expect(
      testCardOutcome({ ...c, card_number: '4242424242424242', exp_month: 5, exp_year: 30 }, now)
        .status,
    ).toBe('succeeded')
    expect(
      testCardOutcome({ ...c, card_number: '4242424242424242', exp_month: 4, exp_year: 2030 }, now)
        .error,
    ).toBe('Your card has expired.')
  })
})

describe.each(backends)('payments through Stripe on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let deliverer: TestUser
  const webhookSecret = 'whsec_fake'
  beforeAll(async () => {
    t = await createTestApp(backend, {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    })
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  async function readyItem() {
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const request = await createRequest(t.app, item.id, deliverer.id, { delivererPrice: '42.00' })
    await approveDelivery(t.app, item.id, request.id)
    return item
  }
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(sender) })
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    })
  const paymentOf = async (itemId: string) =>
    (await t.app.db.select().from(payments).where(eq(payments.itemId, itemId)))[0]!

  it('creates the intent at Stripe with the server’s amount and accepts only once Stripe says succeeded', async () => {
    const item = await readyItem()
    const res = await post('/api/create-payment-intent', {
      item_id: item.id,
      deliverer_id: deliverer.id,
      amount: 1,
    })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ provider: 'stripe', amount: 42, currency: 'usd' })
    const payment = await paymentOf(item.id)
    const intent = stripe.intents.get(payment.providerIntentId)!
    expect(intent).toMatchObject({ amount: 4200, metadata: { item_id: item.id } })
    expect(data.client_secret).toBe(intent.client_secret)
    const again = await post('/api/create-payment-intent', {
      item_id: item.id,
      deliverer_id: deliverer.id,
    })
    expect(again.json().data.client_secret).toBe(data.client_secret)

    // the test provider's confirm does not exist with Stripe keys
    const confirm = await post('/api/test-payments/confirm', {
      client_secret: data.client_secret,
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2099,
      cvc: '123',
    })
    expect(confirm.statusCode).toBe(404)

    // a client claiming success is not believed: Stripe still says requires_payment_method
    await t.app.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, payment.id))
    const early = await post('/api/update-request-status', {
      item_id: item.id,
      deliverer_id: deliverer.id,
      status: 'accepted',
    })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('Payment has not been completed')
    expect((await paymentOf(item.id)).status).toBe('requires_payment_method')

    intent.status = 'succeeded'
    const status = await post('/api/update-payment-status', { item_id: item.id })
    // What was charged comes back from the server's record, with the receipt to link to.
    expect(status.json().data).toEqual({
      status: 'succeeded',
      amount: 42,
      currency: 'usd',
      receipt_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    const accepted = await post('/api/update-request-status', {
      item_id: item.id,
      deliverer_id: deliverer.id,
      status: 'accepted',
    })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json().data.item.status).toBe('ready_to_pickup')
  })

  it('updates a payment from a signed webhook and refuses bad or stale signatures', async () => {
    const item = await readyItem()
    await post('/api/create-payment-intent', { item_id: item.id, deliverer_id: deliverer.id })
    const payment = await paymentOf(item.id)
    const event = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      data: { object: { id: payment.providerIntentId, status: 'succeeded' } },
    })
    const now = Math.floor(Date.now() / 1000)

    const forged = await webhook(event, signStripePayload(event, 'whsec_other', now))
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toEqual({
      success: false,
      message: 'Invalid signature',
      code: 'INVALID_SIGNATURE',
    })
    const stale = await webhook(event, signStripePayload(event, webhookSecret, now - 400))
    expect(stale.statusCode).toBe(400)
    // re-serialised JSON (other whitespace) no longer matches: the raw bytes are what is signed
    const reformatted = JSON.stringify(JSON.parse(event), null, 2)
    expect(
      (await webhook(reformatted, signStripePayload(event, webhookSecret, now))).statusCode,
    ).toBe(400)
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: event,
      headers: { 'content-type': 'application/json' },
    })
    expect(none.statusCode).toBe(400)
    expect((await paymentOf(item.id)).status).toBe('requires_payment_method')
    // nothing of a refused event is stored
    expect(await t.app.db.select().from(webhookEvents)).toEqual([])

    // The event is a hint: the intent is read again from Stripe, where it succeeded meanwhile.
    stripe.intents.get(payment.providerIntentId)!.status = 'succeeded'
    const ok = await webhook(event, signStripePayload(event, webhookSecret, now))
    expect(ok.statusCode).toBe(200)
    expect((await paymentOf(item.id)).status).toBe('succeeded')
    const replay = await webhook(event, signStripePayload(event, webhookSecret, now))
    expect(replay.json()).toEqual({ success: true, message: 'Event already received' })
    expect(await t.app.db.select().from(webhookEvents)).toHaveLength(1)

    // a late failure event does not undo the success
    const failed = JSON.stringify({
      id: 'evt_2',
      type: 'payment_intent.payment_failed',
      data: { object: { id: payment.providerIntentId, status: 'requires_payment_method' } },
    })
    expect((await webhook(failed, signStripePayload(failed, webhookSecret, now))).statusCode).toBe(
      200,
    )
    expect((await paymentOf(item.id)).status).toBe('succeeded')
  })

  it('refunds at Stripe, with an idempotency key, a payment that succeeds after an admin chose another deliverer', async () => {
    const item = await readyItem()
    const other = await createUser(t.app, { role: 'deliverer' })
    await createRequest(t.app, item.id, other.id)
    await post('/api/create-payment-intent', { item_id: item.id, deliverer_id: deliverer.id })
    const payment = await paymentOf(item.id)
    // The admin moves on before the card, confirmed in the browser at Stripe, comes through.
    const admin = await createUser(t.app, { role: 'admin' })
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery-approval',
      payload: { item_id: item.id, deliverer_id: other.id, decision: 'approved' },
      headers: bearer(admin),
    })
    expect(switched.statusCode).toBe(200)
    expect((await paymentOf(item.id)).status).toBe('canceled')
    stripe.intents.get(payment.providerIntentId)!.status = 'succeeded'
    const event = JSON.stringify({
      id: 'evt_late',
      type: 'payment_intent.succeeded',
      data: { object: { id: payment.providerIntentId, status: 'succeeded' } },
    })
    const now = Math.floor(Date.now() / 1000)
    stripe.received.length = 0
    expect((await webhook(event, signStripePayload(event, webhookSecret, now))).statusCode).toBe(
      200,
    )
    await t.app.jobs.drain()
    const sent = stripe.received.find((r) => r.form.get('payment_intent'))
    expect(sent!.form.get('payment_intent')).toBe(payment.providerIntentId)
    expect(sent!.form.get('amount')).toBe('4200')
    expect(sent!.headers.get('idempotency-key')).toMatch(/^tote-refund-/)
    expect((await paymentOf(item.id)).status).toBe('refunded')
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))
    expect(refund).toMatchObject({ status: 'succeeded', reason: 'request_not_current' })
    expect(refund!.providerRefundId).toMatch(/^re_fake_/)
  })

  it('retries a refund while Stripe is down, and refunds once when it is back', async () => {
    const item = await readyItem()
    await post('/api/create-payment-intent', { item_id: item.id, deliverer_id: deliverer.id })
    const payment = await paymentOf(item.id)
    stripe.intents.get(payment.providerIntentId)!.status = 'succeeded'
    await post('/api/update-payment-status', { item_id: item.id })
    let down = true
    server.use(
      http.post(`${STRIPE_API}/refunds`, () =>
        down
          ? HttpResponse.json({ error: { message: 'Stripe is down' } }, { status: 400 })
          : undefined,
      ),
    )
    const rejected = await post('/api/update-request-status', {
      item_id: item.id,
      deliverer_id: deliverer.id,
      status: 'rejected',
    })
    expect(rejected.statusCode).toBe(200)
    await t.app.jobs.drain()
    expect((await paymentOf(item.id)).status).toBe('refund_pending')
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.name, 'payments.refund'))
    expect(job).toMatchObject({ attempts: 1, lastError: 'Payment provider: Stripe is down' })
    expect(job!.failedAt).toBeNull()

    down = false
    await t.app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id))
    await t.app.jobs.drain()
    expect((await paymentOf(item.id)).status).toBe('refunded')
    const made = [...stripe.refunds.values()].filter(
      (r) => r.payment_intent === payment.providerIntentId,
    )
    expect(made).toHaveLength(1)
  })

  it('leaves the JSON parsing of other routes alone', async () => {
    const res = await post('/api/update-payment-status', {
      item_id: '00000000-0000-4000-8000-000000000000',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Item not found')
  })
})
