import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeMigration } from '../testing/migrations'

// Migration 0011 (decision 030) on a database that already has accepted and delivered items:
// agreed_price_cents and the move timestamps are filled in from what was there.

describeMigration(11, (setUp) => {
  it('backfills the agreed price of accepted requests and when items were picked up and delivered', async () => {
    const { db, one, sender, rider, apply } = await setUp()
    const item = (status: string, price: string) =>
      one(sql`insert into items (name, category, from_lat, from_lng, to_lat, to_lng,
          delivery_deadline, sender_price, sender_id, status, sending_approval)
        values ('Box', 'other', 52.5, 13.4, 48.1, 11.6, now() + interval '7 days', ${price},
          ${sender}, ${status}::item_status, 'approved') returning id`)
    const request = (itemId: string, offer: string | null, status: string) =>
      one(sql`insert into delivery_requests (item_id, deliverer_id, deliverer_price, request_status,
          delivery_approval) values (${itemId}, ${rider}, ${offer}, ${status}::request_status,
          'approved') returning id`)
    const moved = (itemId: string, action: string, at: string) =>
      db.rows(sql`insert into audit_log (action, target_type, target_id, at)
        values (${action}, 'item', ${itemId}, ${at}::timestamptz)`)

    const delivered = await item('delivered', '25.00')
    const deliveredRequest = await request(delivered, '33.50', 'accepted')
    await moved(delivered, 'delivery.in_process', '2026-11-01T10:00:00Z')
    await moved(delivered, 'delivery.delivered', '2026-11-02T12:00:00Z')
    const ready = await item('ready_to_pickup', '19.99')
    const noOffer = await request(ready, null, 'accepted')
    const open = await item('pending', '40.00')
    const waiting = await request(open, '41.00', 'pending')

    await apply()

    const prices = await db.rows<{ id: string; agreed_price_cents: number | null }>(
      sql`select id, agreed_price_cents from delivery_requests`,
    )
    const priceOf = (id: string) => prices.find((p) => p.id === id)?.agreed_price_cents
    expect(priceOf(deliveredRequest)).toBe(3350)
    expect(priceOf(noOffer)).toBe(1999)
    expect(priceOf(waiting)).toBeNull()

    const stamps = await db.rows<{ id: string; picked_up_at: unknown; delivered_at: unknown }>(
      sql`select id, picked_up_at, delivered_at from items`,
    )
    const iso = (v: unknown) => (v === null ? null : new Date(v as string).toISOString())
    const stampsOf = (id: string) => {
      const row = stamps.find((s) => s.id === id)!
      return [iso(row.picked_up_at), iso(row.delivered_at)]
    }
    expect(stampsOf(delivered)).toEqual(['2026-11-01T10:00:00.000Z', '2026-11-02T12:00:00.000Z'])
    expect(stampsOf(ready)).toEqual([null, null])
    expect(stampsOf(open)).toEqual([null, null])
  })
})
