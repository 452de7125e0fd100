import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  idempotencyKeys,
  jobs,
  notifications,
  oneTimeTokens,
  sessions,
  storedFiles,
  throttles,
} from '../db/schema'
import { backends, createTestApp, createUser, type TestApp } from '../testing/test-app'
import { createItem, storeTestFile, TINY_PDF } from '../testing/fixtures'
import {
  housekeepingJob,
  purgeExpired,
  purgeOrphanObjects,
  scheduleHousekeeping,
} from './housekeeping'

const HOUR = 60 * 60 * 1000
const ago = (ms: number) => new Date(Date.now() - ms)
const later = (ms: number) => new Date(Date.now() + ms)

describe.each(backends)('housekeeping on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(() => t?.close())

  it('purges dead sessions, used or expired links, day-old keys, ended throttles and stale notifications, and nothing else', async () => {
    const { db } = t.app
    const user = await createUser(t.app, { email: `keep-${backend}@example.com` })
    const userId = user.id
    const live = await db
      .insert(sessions)
      .values([
        { userId, expiresAt: later(HOUR) },
        { userId, expiresAt: later(HOUR), revokedAt: ago(HOUR) },
      ])
      .returning({ id: sessions.id })
    await db.insert(sessions).values([
      { userId, expiresAt: ago(25 * HOUR) },
      { userId, expiresAt: later(HOUR), revokedAt: ago(25 * HOUR) },
    ])
    const token = (
      purpose: 'verify_email' | 'reset_password',
      extra: { expiresAt: Date; usedAt?: Date },
    ) => ({
      userId,
      purpose,
      tokenHash: randomUUID(),
      ...extra,
    })
    const [usable] = await db
      .insert(oneTimeTokens)
      .values(token('reset_password', { expiresAt: later(HOUR) }))
      .returning({ id: oneTimeTokens.id })
    await db
      .insert(oneTimeTokens)
      .values([
        token('reset_password', { expiresAt: later(HOUR), usedAt: ago(1000) }),
        token('verify_email', { expiresAt: ago(1000) }),
      ])
    const key = (k: string, createdAt: Date) => ({
      userId,
      key: k,
      method: 'POST',
      path: '/api/x',
      createdAt,
    })
    await db.insert(idempotencyKeys).values([key('old', ago(25 * HOUR)), key('new', ago(HOUR))])
    await db.insert(throttles).values([
      { key: `ended-${backend}`, hits: 3, resetAt: ago(1000) },
      { key: `running-${backend}`, hits: 3, resetAt: later(HOUR) },
    ])
    const sender = await createUser(t.app, {
      email: `sends-${backend}@example.com`,
      role: 'sender',
    })
    const notify = (itemId: string, readAt: Date | null) => ({
      userId,
      kind: 'trip_match',
      title: 'On your trip',
      body: 'An item',
      link: `/available-items/${itemId}`,
      itemId,
      readAt,
    })
    const [gone, lapsed, open] = await Promise.all(
      [ago(31 * 24 * HOUR), ago(29 * 24 * HOUR), later(24 * HOUR)].map((deliveryDeadline) =>
        createItem(t.app, sender.id, { deliveryDeadline }),
      ),
    )
    if (!gone || !lapsed || !open) throw new Error('items not created')
    await db
      .insert(notifications)
      .values([notify(gone.id, null), notify(lapsed.id, ago(HOUR)), notify(open.id, ago(HOUR))])

    expect(await purgeExpired(db)).toEqual({
      sessions: 2,
      oneTimeTokens: 2,
      idempotencyKeys: 1,
      throttles: 1,
      notifications: 1,
    })
    const left = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, userId))
    expect(left.map((s) => s.id).sort()).toEqual(live.map((s) => s.id).sort())
    const links = await db
      .select({ id: oneTimeTokens.id })
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, userId))
    expect(links).toEqual([usable])
    const keys = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, userId))
    expect(keys).toEqual([{ key: 'new' }])
    const windows = await db.select({ key: throttles.key }).from(throttles)
    expect(windows.map((w) => w.key)).toContain(`running-${backend}`)
    expect(windows.map((w) => w.key)).not.toContain(`ended-${backend}`)
    const kept = await db
      .select({ itemId: notifications.itemId })
      .from(notifications)
      .where(eq(notifications.userId, userId))
    expect(kept.map((k) => k.itemId).sort()).toEqual([lapsed.id, open.id].sort())
    // Nothing left to do: a second run removes nothing.
    expect(await purgeExpired(db)).toEqual({
      sessions: 0,
      oneTimeTokens: 0,
      idempotencyKeys: 0,
      throttles: 0,
      notifications: 0,
    })
  })

  it('keeps one job chain however many processes start, and each run schedules the next in an hour', async () => {
    const { db } = t.app
    const waiting = () =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, housekeepingJob.name)))
    // The app scheduled one at its start, and one more start adds none.
    await scheduleHousekeeping(db, t.app.jobs)
    expect(await waiting()).toHaveLength(1)
    // On an empty queue, processes starting together schedule one between them.
    await db.delete(jobs).where(eq(jobs.name, housekeepingJob.name))
    await Promise.all([1, 2, 3, 4].map(() => scheduleHousekeeping(db, t.app.jobs)))
    const [first, ...others] = await waiting()
    expect(others).toEqual([])
    expect(first!.runAt.getTime()).toBeGreaterThan(Date.now())

    await db
      .update(jobs)
      .set({ runAt: ago(1000) })
      .where(eq(jobs.id, first!.id))
    await t.app.jobs.drain()
    const [next, ...more] = await waiting()
    expect(more).toEqual([])
    expect(next!.id).not.toBe(first!.id)
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000)
  })
})

describe.each(backends)('the orphan object purge on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(() => t?.close())

  it('deletes objects no row references once they are old enough, and keeps the rest', async () => {
    const owner = await createUser(t.app, { email: `orphans-${backend}@example.com` })
    const referenced = await storeTestFile(t.app, owner.id, 'proof_of_travel')
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, referenced))
    const orphan = 'f'.repeat(32)
    await t.app.storage.put(orphan, TINY_PDF, 'application/pdf')

    // Just written: a transaction may still be about to reference it.
    expect(await purgeOrphanObjects(t.app.db, t.app.storage)).toBe(0)
    const soon = new Date(Date.now() + 60_000)
    expect(await purgeOrphanObjects(t.app.db, t.app.storage, soon)).toBe(1)
    const left = []
    for await (const object of t.app.storage.list()) left.push(object.key)
    expect(left).toEqual([row!.diskName])
  })
})
