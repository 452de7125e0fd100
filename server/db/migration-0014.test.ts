import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeMigration } from '../testing/migrations'

// Migration 0014 (decision 037) on money that moved before the ledger: captures of accepted or
// refunded payments, refunds decided and sent, holds of delivered items, and the jobs that
// release them and refund what is still on its way.

describeMigration(14, (setUp) => {
  it('records earlier captures, refunds and deliveries in a balanced ledger', async () => {
    const { db, one, sender, rider, apply } = await setUp()
    /** An item, its request and a payment of 2500 cents with `paymentStatus`. */
    const paid = async (itemStatus: string, requestStatus: string, paymentStatus: string) => {
      const item = await one(sql`insert into items (name, category, from_lat, from_lng, to_lat,
          to_lng, delivery_deadline, sender_price, sender_id, sending_approval, status, delivered_at)
        values ('Box', 'other', 52.5, 13.4, 48.1, 11.6, now() + interval '7 days', '25.00',
          ${sender}, 'approved', ${itemStatus}::item_status,
          ${itemStatus === 'delivered' ? sql`now() - interval '2 days'` : sql`null`}) returning id`)
      const request = await one(sql`insert into delivery_requests (item_id, deliverer_id,
          request_status, delivery_approval, agreed_price_cents)
        values (${item}, ${rider}, ${requestStatus}::request_status, 'approved', 2500) returning id`)
      await db.rows(sql`update items set current_request_id = ${request} where id = ${item}`)
      const payment = await one(sql`insert into payments (item_id, request_id, provider,
          provider_intent_id, amount_cents, status, client_secret, paid_at)
        values (${item}, ${request}, 'test', ${`pi_${item}`}, 2500, ${paymentStatus}, 'secret', now())
        returning id`)
      return { item, request, payment }
    }
    const delivered = await paid('delivered', 'accepted', 'succeeded')
    const onItsWay = await paid('in_process', 'accepted', 'succeeded')
    const refunded = await paid('pending', 'rejected', 'refunded')
    await db.rows(sql`insert into refunds (payment_id, amount_cents, status, reason)
      values (${refunded.payment}, 2500, 'succeeded', 'request_rejected')`)
    const waiting = await paid('pending', 'pending', 'succeeded')

    await apply()

    const kinds = async (item: string) =>
      (
        await db.rows<{ kind: string }>(
          sql`select kind from ledger_transactions where item_id = ${item} order by created_at, kind`,
        )
      ).map((r) => r.kind)
    expect(await kinds(delivered.item)).toEqual(['capture'])
    expect(await kinds(onItsWay.item)).toEqual(['capture'])
    expect((await kinds(refunded.item)).sort()).toEqual(['capture', 'refund', 'refund_sent'])
    expect(await kinds(waiting.item)).toEqual([])
    const balances = Object.fromEntries(
      (
        await db.rows<{ key: string; b: string }>(
          sql`select key, balance_cents as b from ledger_accounts`,
        )
      ).map((r) => [r.key, Number(r.b)]),
    )
    expect(balances).toEqual({
      held: 5000,
      refunds: 0,
      platform_fees: 0,
      [`sender_card:${sender}`]: -5000,
    })
    const holds = await db.rows<{ request_id: string }>(sql`select request_id from releases`)
    expect(holds.map((h) => h.request_id)).toEqual([delivered.request])
    const jobs = await db.rows<{ name: string; request: string }>(
      sql`select name, data->>'requestId' as request from jobs order by name`,
    )
    expect(jobs).toEqual([
      { name: 'payments.auto_refund', request: onItsWay.request },
      { name: 'payments.release', request: delivered.request },
    ])
  })
})
