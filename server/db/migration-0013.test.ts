import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeMigration } from '../testing/migrations'

// Migration 0013 (decision 034) on a database with accepted requests: accepted_at, which a
// handoff's moment may not precede, comes from the sender's request.accept entry, else the row.

describeMigration(13, (setUp) => {
  it('backfills when accepted requests were accepted, and leaves the others empty', async () => {
    const { db, one, sender, rider, apply } = await setUp()
    const request = async (status: string, updatedAt: string) => {
      const item = await one(sql`insert into items (name, category, from_lat, from_lng, to_lat,
          to_lng, delivery_deadline, sender_price, sender_id, sending_approval)
        values ('Box', 'other', 52.5, 13.4, 48.1, 11.6, now() + interval '7 days', '25.00',
          ${sender}, 'approved') returning id`)
      return one(sql`insert into delivery_requests (item_id, deliverer_id, request_status,
          delivery_approval, updated_at) values (${item}, ${rider}, ${status}::request_status,
          'approved', ${updatedAt}::timestamptz) returning id`)
    }
    const audited = await request('accepted', '2026-11-20T09:00:00Z')
    await db.rows(sql`insert into audit_log (actor_id, action, target_type, target_id, at)
      values (${sender}, 'request.accept', 'delivery_request', ${audited}, '2026-11-10T08:00:00Z')`)
    const unaudited = await request('accepted', '2026-11-12T07:30:00Z')
    const waiting = await request('pending', '2026-11-11T07:30:00Z')

    await apply()

    const acceptedAt = async (id: string) =>
      (
        await db.rows<{ at: Date | string | null }>(
          sql`select accepted_at as at from delivery_requests where id = ${id}`,
        )
      )[0]!.at
    const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())
    expect(iso(await acceptedAt(audited))).toBe('2026-11-10T08:00:00.000Z')
    expect(iso(await acceptedAt(unaudited))).toBe('2026-11-12T07:30:00.000Z')
    expect(await acceptedAt(waiting)).toBeNull()
  })
})
