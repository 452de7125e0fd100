import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  deliveryRequests,
  items,
  payments,
  payoutAccounts,
  releaseFreezes,
  releases,
  transfers,
  webhookEvents,
} from '../../db/schema'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  type TestUser,
} from '../../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../../testing/test-app'
import { releaseHeld } from './releases'
import { createStripeProvider, STRIPE_API } from './stripe'

// Connect through Stripe's API shapes (decision 041): Express accounts, transfers out of the
// charge, reversals, balance transactions; and the webhook that applies Stripe's events once.

interface FakeTransfer {
  id: string
  object: 'transfer'
  amount: number
  amount_reversed: number
  destination: string
  source_transaction: string
  transfer_group: string
}
const fake = {
  accounts: new Map<string, string>(),
  intents: new Map<string, string>(),
  disputes: new Map<string, { status: string; payment_intent: string }>(),
  transfers: new Map<string, FakeTransfer>(),
  transferKeys: new Map<string, string>(),
  reversalKeys: new Set<string>(),
  charges: [] as { id: string; amount: number }[],
  sent: [] as { url: string; key: string | null; form: Record<string, string> }[],
}
let n = 0
const record = async (request: Request) => {
  const form = Object.fromEntries(new URLSearchParams(await request.text()))
  fake.sent.push({ url: request.url, key: request.headers.get('idempotency-key'), form })
  return form
}
const server = setupServer(
  http.post(`${STRIPE_API}/accounts`, async ({ request }) => {
    await record(request)
    return HttpResponse.json({ id: 'acct_new', object: 'account', capabilities: {} })
  }),
  http.get(`${STRIPE_API}/accounts/:id`, ({ params }) =>
    HttpResponse.json({
      id: params.id,
      object: 'account',
      capabilities: { transfers: fake.accounts.get(String(params.id)) ?? 'inactive' },
    }),
  ),
  http.post(`${STRIPE_API}/account_links`, async ({ request }) => {
    await record(request)
    return HttpResponse.json({ object: 'account_link', url: `https://connect.stripe.com/l/${++n}` })
  }),
  http.get(`${STRIPE_API}/payment_intents/:id`, ({ params }) =>
    HttpResponse.json({
      id: params.id,
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4200,
      latest_charge: fake.intents.get(String(params.id)) ?? null,
    }),
  ),
  http.get(`${STRIPE_API}/disputes/:id`, ({ params }) =>
    HttpResponse.json({
      id: params.id,
      object: 'dispute',
      ...fake.disputes.get(String(params.id)),
    }),
  ),
  http.post(`${STRIPE_API}/transfers`, async ({ request }) => {
    const key = request.headers.get('idempotency-key') ?? ''
    const form = await record(request)
    const known = fake.transferKeys.get(key)
    if (known) return HttpResponse.json(fake.transfers.get(known))
    const transfer: FakeTransfer = {
      id: `tr_${++n}`,
      object: 'transfer',
      amount: Number(form.amount),
      amount_reversed: 0,
      destination: form.destination!,
      source_transaction: form.source_transaction!,
      transfer_group: form.transfer_group!,
    }
    fake.transfers.set(transfer.id, transfer)
    fake.transferKeys.set(key, transfer.id)
    return HttpResponse.json(transfer)
  }),
  http.get(`${STRIPE_API}/transfers/:id`, ({ params }) =>
    HttpResponse.json(fake.transfers.get(String(params.id))),
  ),
  http.post(`${STRIPE_API}/transfers/:id/reversals`, async ({ request, params }) => {
    const key = request.headers.get('idempotency-key') ?? ''
    const form = await record(request)
    const transfer = fake.transfers.get(String(params.id))!
    if (!fake.reversalKeys.has(key)) transfer.amount_reversed += Number(form.amount)
    fake.reversalKeys.add(key)
    return HttpResponse.json({ id: `trr_${++n}`, object: 'transfer_reversal', amount: 0 })
  }),
  http.get(`${STRIPE_API}/balance_transactions`, () =>
    HttpResponse.json({
      object: 'list',
      has_more: false,
      url: '/v1/balance_transactions',
      data: [
        ...fake.charges.map((c) => ({
          id: `txn_${c.id}`,
          type: 'charge',
          amount: c.amount,
          source: c.id,
        })),
        ...[...fake.transfers.values()].flatMap((t) => [
          { id: `txn_${t.id}`, type: 'transfer', amount: -t.amount, source: t.id },
          ...(t.amount_reversed
            ? [
                {
                  id: `txn_r_${t.id}`,
                  type: 'transfer_refund',
                  amount: t.amount_reversed,
                  source: t.id,
                },
              ]
            : []),
        ]),
      ],
    }),
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('Connect through the Stripe provider', () => {
  const provider = createStripeProvider({ secretKey: 'sk_test_fake' })

  it('creates Express accounts asking for transfers, with a fresh link each time', async () => {
    fake.sent.length = 0
    const account = await provider.createPayoutAccount({
      userId: 'u1',
      email: 'dana@example.com',
      idempotencyKey: 'tote-connect-account-u1',
    })
    expect(account).toEqual({ id: 'acct_new', canReceive: false })
    expect(fake.sent[0]).toMatchObject({
      key: 'tote-connect-account-u1',
      form: { type: 'express', 'capabilities[transfers][requested]': 'true' },
    })
    const a = await provider.payoutAccountLink({
      accountId: 'acct_new',
      returnUrl: 'https://t.example/payment-method',
    })
    const b = await provider.payoutAccountLink({
      accountId: 'acct_new',
      returnUrl: 'https://t.example/payment-method',
    })
    expect(a).not.toBe(b)
    expect(fake.sent[1]!.form).toMatchObject({ type: 'account_onboarding', account: 'acct_new' })
  })

  it('transfers out of the charge, grouped by item, and reverses with a key', async () => {
    fake.intents.set('pi_unit', 'ch_unit')
    fake.sent.length = 0
    const sent = await provider.createTransfer({
      amountCents: 900,
      destination: 'acct_x',
      sourceIntentId: 'pi_unit',
      transferGroup: 'item-1',
      idempotencyKey: 'tote-transfer-r1',
      metadata: { item_id: 'item-1' },
    })
    expect(sent).toMatchObject({ amountCents: 900, reversedCents: 0, destination: 'acct_x' })
    expect(fake.sent[0]).toMatchObject({
      key: 'tote-transfer-r1',
      form: {
        amount: '900',
        currency: 'usd',
        source_transaction: 'ch_unit',
        transfer_group: 'item-1',
      },
    })
    const back = await provider.reverseTransfer({
      transferId: sent.id,
      amountCents: 300,
      idempotencyKey: 'tote-reversal-x-300',
    })
    expect(back.reversedCents).toBe(300)
    expect(fake.sent[1]).toMatchObject({ key: 'tote-reversal-x-300', form: { amount: '300' } })
  })
})

describe.each(backends)('Stripe events and payouts on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let dana: TestUser
  const secret = 'whsec_connect'
  beforeAll(async () => {
    t = await createTestApp(backend, {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: secret,
    })
    sender = await createUser(t.app, { role: 'sender' })
    dana = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  let seq = 0
  const send = (type: string, object: object, extra: object = {}) => {
    const payload = JSON.stringify({
      id: `evt_${backend}_${++seq}`,
      type,
      data: { object },
      ...extra,
    })
    return resend(payload)
  }
  const resend = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    })

  /** A $42.00 item paid through Stripe and delivered by Dana, its hold over (not released yet). */
  async function deliveredItem() {
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const request = await createRequest(t.app, item.id, dana.id, { delivererPrice: '42.00' })
    await approveDelivery(t.app, item.id, request.id)
    const intent = `pi_${backend}_${++seq}`
    fake.intents.set(intent, `ch_${intent}`)
    fake.charges.push({ id: `ch_${intent}`, amount: 4200 })
    await t.app.db.insert(payments).values({
      itemId: item.id,
      requestId: request.id,
      provider: 'stripe',
      providerIntentId: intent,
      amountCents: 4200,
      status: 'succeeded',
      clientSecret: `${intent}_secret`,
    })
    await t.app.db
      .update(deliveryRequests)
      .set({ requestStatus: 'accepted', agreedPriceCents: 4200 })
      .where(eq(deliveryRequests.id, request.id))
    await t.app.db
      .update(items)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(items.id, item.id))
    await t.app.db.insert(releases).values({
      requestId: request.id,
      itemId: item.id,
      delivererId: dana.id,
      releaseAt: new Date(Date.now() - 1000),
    })
    return { itemId: item.id, requestId: request.id, intent }
  }
  const earnings = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/payment-method', headers: bearer(dana) })
    ).json().data

  it('refuses a bad signature with a code and stores nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'account.updated',
      data: { object: { id: 'acct_dana' } },
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: 'whsec_wrong',
        }),
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_SIGNATURE')
    expect(
      await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_forged')),
    ).toEqual([])
  })

  it('pays the waiting money once account.updated says transfers are active; a replay changes nothing', async () => {
    const first = await deliveredItem()
    await releaseHeld(t.app.db, t.app.notifier, t.app.config.money, first.requestId)
    await t.app.db
      .insert(payoutAccounts)
      .values({ userId: dana.id, provider: 'stripe', accountId: `acct_${backend}` })
    await t.app.jobs.drain()
    expect((await earnings()).totals).toMatchObject({ available: 37.8, paid: 0 })

    fake.accounts.set(`acct_${backend}`, 'active')
    const payload = JSON.stringify({
      id: `evt_${backend}_account`,
      type: 'account.updated',
      // The event's copy is stale on purpose: the account is read again from Stripe.
      data: { object: { id: `acct_${backend}`, capabilities: { transfers: 'inactive' } } },
    })
    expect((await resend(payload)).json()).toEqual({ success: true, message: 'Event received' })
    await t.app.jobs.drain()
    const [transfer] = await t.app.db
      .select()
      .from(transfers)
      .where(eq(transfers.itemId, first.itemId))
    expect(transfer).toMatchObject({ amountCents: 3780, destination: `acct_${backend}` })
    const atStripe = fake.transfers.get(transfer!.providerTransferId!)
    expect(atStripe).toMatchObject({
      amount: 3780,
      source_transaction: `ch_${first.intent}`,
      transfer_group: first.itemId,
    })
    expect((await earnings()).totals).toMatchObject({ available: 0, paid: 37.8 })

    const before = fake.transfers.size
    expect((await resend(payload)).json()).toEqual({
      success: true,
      message: 'Event already received',
    })
    await t.app.jobs.drain()
    expect(fake.transfers.size).toBe(before)
  })

  it('freezes the release while a card dispute is open, and releases once it is won', async () => {
    const item = await deliveredItem()
    fake.disputes.set(`dp_${backend}`, { status: 'needs_response', payment_intent: item.intent })
    expect((await send('charge.dispute.created', { id: `dp_${backend}` })).statusCode).toBe(200)
    expect(await releaseHeld(t.app.db, t.app.notifier, t.app.config.money, item.requestId)).toEqual(
      {
        released: false,
        why: 'frozen',
      },
    )
    const seen = (await earnings()).earnings.find(
      (e: { item_id: string }) => e.item_id === item.itemId,
    )
    expect(seen.status).toBe('disputed')

    fake.disputes.set(`dp_${backend}`, { status: 'won', payment_intent: item.intent })
    expect((await send('charge.dispute.closed', { id: `dp_${backend}` })).statusCode).toBe(200)
    const [freeze] = await t.app.db
      .select()
      .from(releaseFreezes)
      .where(eq(releaseFreezes.providerDisputeId, `dp_${backend}`))
    expect(freeze!.liftedAt).not.toBeNull()
    await t.app.jobs.drain()
    const after = (await earnings()).earnings.find(
      (e: { item_id: string }) => e.item_id === item.itemId,
    )
    expect(after.status).toBe('paid')
  })

  it('reconciles the ledger with Stripe’s balance transactions', async () => {
    const admin = await createUser(t.app, { role: 'admin' })
    const run = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/reconciliation',
          headers: bearer(admin),
        })
      ).json().data.report
    // Stripe's list holds the other backend's run too: compare this database's own lines only.
    const report = await run()
    const transfersLine = report.lines.find((l: { category: string }) => l.category === 'transfers')
    expect(transfersLine.ledger).toBe(75.6)
    // A transfer Stripe knows and Tote does not (made in the Dashboard) is shown.
    fake.transfers.set('tr_dashboard', {
      id: 'tr_dashboard',
      object: 'transfer',
      amount: 100,
      amount_reversed: 0,
      destination: 'acct_other',
      source_transaction: 'ch_x',
      transfer_group: 'x',
    })
    const again = await run()
    expect(again.balanced).toBe(false)
    expect(again.transfers).toContainEqual(
      expect.objectContaining({
        transfer_id: 'tr_dashboard',
        problem: 'unknown_to_tote',
        provider: 1,
      }),
    )
    fake.transfers.delete('tr_dashboard')
  })
})
