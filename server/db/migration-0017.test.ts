import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeMigration } from '../testing/migrations'

// Migration 0017 (decision 040) on refunds made before it: a payment keeps its one full refund,
// may now have several partial ones, and the database refuses refunds adding up to more than it.

describeMigration(17, (setUp) => {
  /** The database's own words for a refused statement. */
  const refusal = async (query: Promise<unknown>) => {
    try {
      await query
    } catch (err) {
      const e = err as { message?: string; cause?: { message?: string } }
      return `${e.message ?? ''} ${e.cause?.message ?? ''}`
    }
    return 'not refused'
  }

  it('keeps earlier refunds and lets a payment have several, never more than it', async () => {
    const { db, one, sender, rider, apply } = await setUp()
    const payment = async (n: number) => {
      const item = await one(sql`insert into items (name, category, from_lat, from_lng, to_lat,
          to_lng, delivery_deadline, sender_price, sender_id, sending_approval, status)
        values ('Box', 'other', 52.5, 13.4, 48.1, 11.6, now() + interval '7 days', '25.00',
          ${sender}, 'approved', 'pending') returning id`)
      const request = await one(sql`insert into delivery_requests (item_id, deliverer_id,
          request_status, delivery_approval, agreed_price_cents)
        values (${item}, ${rider}, 'accepted', 'approved', 2500) returning id`)
      return one(sql`insert into payments (item_id, request_id, provider, provider_intent_id,
          amount_cents, status, client_secret, paid_at)
        values (${item}, ${request}, 'test', ${`pi_${n}`}, 2500, 'succeeded', 'secret', now())
        returning id`)
    }
    const refunded = await payment(1)
    await db.rows(sql`insert into refunds (payment_id, amount_cents, status, reason)
      values (${refunded}, 2500, 'succeeded', 'request_rejected')`)
    // Before 0017 a second refund of the same payment was refused outright.
    expect(
      await refusal(
        db.rows(sql`insert into refunds (payment_id, amount_cents, reason)
          values (${refunded}, 1, 'admin')`),
      ),
    ).toMatch(/refunds_payment_unique/)

    await apply()

    const [kept] = await db.rows<{ n: number }>(
      sql`select count(*)::int as n from refunds where payment_id = ${refunded}`,
    )
    expect(kept?.n).toBe(1)
    expect(
      await refusal(
        db.rows(sql`insert into refunds (payment_id, amount_cents, reason)
          values (${refunded}, 1, 'admin')`),
      ),
    ).toMatch(/more than its 2500 cents/)

    const partly = await payment(2)
    await db.rows(sql`insert into refunds (payment_id, amount_cents, reason)
      values (${partly}, 1000, 'admin'), (${partly}, 1500, 'dispute')`)
    expect(
      await refusal(
        db.rows(sql`insert into refunds (payment_id, amount_cents, reason)
          values (${partly}, 1, 'admin')`),
      ),
    ).toMatch(/more than its 2500 cents/)
    expect(
      await refusal(
        db.rows(sql`insert into refunds (payment_id, amount_cents, reason)
          values (${await payment(3)}, 0, 'admin')`),
      ),
    ).toMatch(/refunds_amount_positive/)
    const [disputes] = await db.rows<{ n: number }>(sql`select count(*)::int as n from disputes`)
    expect(disputes?.n).toBe(0)
  })
})
