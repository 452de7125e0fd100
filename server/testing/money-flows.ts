import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  deliveryStep,
  type TestUser,
} from './fixtures'
import type { TestApp } from './test-app'

// The money's story through the real calls, for the ledger's and the disputes' tests: pay,
// accept, carry, deliver, let the hold pass, and read the ledger back (decisions 037, 038, 040).

const goodCard = {
  card_number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
}
export const cents = (amount: number) => Math.round(amount * 100)

export interface Entry {
  transaction_id: string
  account: string
  amount: number
  kind: string
  created_at: string
}

/** Cents per account of the item's entries. */
export const byAccount = (entries: Entry[]) => {
  const sums: Record<string, number> = {}
  for (const e of entries) sums[e.account] = (sums[e.account] ?? 0) + cents(e.amount)
  return sums
}

/** The flows on the test app `t()` with the admin `admin()` (both made in beforeAll). */
export function moneyFlows(t: () => TestApp, admin: () => TestUser) {
  const post = (user: TestUser, url: string, payload: object) =>
    t().app.inject({ method: 'POST', url, payload, headers: bearer(user) })
  const get = (user: TestUser, url: string) =>
    t().app.inject({ method: 'GET', url, headers: bearer(user) })

  /** A sender, a deliverer and an approved item whose request waits for the sender. */
  async function awaitingSender(price = '25.00') {
    const { app } = t()
    const sender = await createUser(app, { role: 'sender' })
    const deliverer = await createUser(app, { role: 'deliverer' })
    const item = await createItem(app, sender.id, { sendingApproval: 'approved' })
    const request = await createRequest(app, item.id, deliverer.id, { delivererPrice: price })
    await approveDelivery(app, item.id, request.id)
    return { sender, deliverer, itemId: item.id, requestId: request.id }
  }
  type Case = Awaited<ReturnType<typeof awaitingSender>>

  async function pay(c: Case) {
    const intent = await post(c.sender, '/api/create-payment-intent', {
      item_id: c.itemId,
      deliverer_id: c.deliverer.id,
    })
    if (intent.statusCode !== 200) return intent.statusCode
    const paid = await post(c.sender, '/api/test-payments/confirm', {
      client_secret: intent.json().data.client_secret,
      ...goodCard,
    })
    return paid.statusCode
  }
  const answer = (c: Case, status: 'accepted' | 'rejected') =>
    post(c.sender, '/api/update-request-status', {
      item_id: c.itemId,
      deliverer_id: c.deliverer.id,
      status,
    })
  /** Picks up or delivers with the step's code and moment, as the deliverer's phone sends them. */
  /** Picks up or delivers with the step's code and moment, as the deliverer's phone sends them. */
  const step = (c: Case, status: 'in_process' | 'delivered') => deliveryStep(t().app, c, status)
  async function deliveredCase(price = '25.00') {
    const c = await awaitingSender(price)
    expect(await pay(c)).toBe(200)
    expect((await answer(c, 'accepted')).statusCode).toBe(200)
    expect(await step(c, 'in_process')).toBe(200)
    expect(await step(c, 'delivered')).toBe(200)
    return c
  }
  /** Moves the hold's end (and its job) to now and runs what is due. */
  async function holdPasses(requestId: string) {
    await t().database.rows(sql`update releases set release_at = now() - interval '1 second'
      where request_id = ${requestId}`)
    await t().database.rows(sql`update jobs set run_at = now() where name = 'payments.release'
      and data->>'requestId' = ${requestId}`)
    await t().app.jobs.drain()
  }
  /** Puts the item's deadline `days` days in the past and runs its auto-refund job now. */
  async function deadlinePassed(c: Case, days: number) {
    await t().database
      .rows(sql`update items set delivery_deadline = now() - ${`${days} days`}::interval
      where id = ${c.itemId}`)
    await t().database.rows(sql`update jobs set run_at = now() where name = 'payments.auto_refund'
      and data->>'requestId' = ${c.requestId}`)
    await t().app.jobs.drain()
  }
  const ledgerOf = async (itemId: string) => {
    const res = await get(admin(), `/api/admin/ledger?item_id=${itemId}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.entries as Entry[]
  }
  /** Every ledger transaction in the database sums to zero, and every balance to its entries. */
  async function expectBalanced() {
    const { database } = t()
    const unbalanced = await database.rows(sql`select transaction_id, sum(amount_cents) as s
      from ledger_entries group by transaction_id having sum(amount_cents) <> 0`)
    expect(unbalanced).toEqual([])
    const drift = await database.rows(sql`select a.key from ledger_accounts a
      where a.balance_cents <> coalesce((select sum(e.amount_cents) from ledger_entries e
        where e.account_id = a.id), 0)`)
    expect(drift).toEqual([])
    const [total] = await database.rows<{ s: string | null }>(
      sql`select sum(amount_cents) as s from ledger_entries`,
    )
    expect(Number(total?.s ?? 0)).toBe(0)
  }
  const kindsOf = async (user: TestUser) =>
    (await get(user, '/api/notifications'))
      .json()
      .data.notifications.map((n: { kind: string }) => n.kind) as string[]

  return {
    post,
    get,
    awaitingSender,
    pay,
    answer,
    step,
    deliveredCase,
    holdPasses,
    deadlinePassed,
    ledgerOf,
    expectBalanced,
    kindsOf,
  }
}

export type MoneyCase = Awaited<ReturnType<ReturnType<typeof moneyFlows>['awaitingSender']>>
