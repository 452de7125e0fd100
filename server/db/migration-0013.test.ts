import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMigration, migrateBefore } from '../testing/migrations'
import { backends, freshDatabase } from '../testing/test-app'

// Migration 0013 (decision 034) on a database with accepted requests: accepted_at, which a
// handoff's moment may not precede, comes from the sender's request.accept entry, else the row.

describe.each(backends)('migration 0013 on %s', (backend) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>
  beforeAll(async () => {
    fresh = await freshDatabase(backend, { empty: true })
    await migrateBefore(fresh.database, 13)
  })
  afterAll(async () => {
    await fresh?.database.close()
    await fresh?.drop()
  })

  it('backfills when accepted requests were accepted, and leaves the others empty', async () => {
    const db = fresh.database
    const one = async (query: ReturnType<typeof sql>) =>
      (await db.rows<{ id: string }>(query))[0]!.id
    const sender = await one(
      sql`insert into users (email, name, role) values ('s@example.com', 'S', 'sender') returning id`,
    )
    const rider = await one(
      sql`insert into users (email, name, role) values ('d@example.com', 'D', 'deliverer') returning id`,
    )
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

    await applyMigration(db, 13)

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
