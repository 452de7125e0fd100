import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client'
import { jobs } from '../db/schema'
import { backends, freshDatabase } from '../testing/test-app'
import { JobQueue } from './queue'

describe.each(backends)('job queue on %s', (backend) => {
  let database: Database
  let url: string | undefined
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ database, url, drop } = await freshDatabase(backend))
    await database.migrate()
  })
  afterAll(async () => {
    await database.close()
    await drop()
  })

  const jobRow = async (id: string) =>
    (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]

  it('runs a job once and deletes it', async () => {
    const queue = new JobQueue(database.db)
    const seen: unknown[] = []
    queue.register('note', async (data) => void seen.push(data))
    const id = await queue.enqueue('note', { n: 1 })
    await queue.drain()
    expect(seen).toEqual([{ n: 1 }])
    expect(await jobRow(id)).toBeUndefined()
  })

  it('retries a failing job with backoff and keeps it, failed, once out of attempts', async () => {
    const queue = new JobQueue(database.db, { backoffMs: () => 0 })
    let calls = 0
    queue.register('flaky', async () => {
      calls++
      if (calls < 3) throw new Error(`SMTP down (${calls})`)
    })
    const flaky = await queue.enqueue('flaky', {})
    await queue.drain()
    expect(calls).toBe(3)
    expect(await jobRow(flaky)).toBeUndefined()

    queue.register('doomed', async () => {
      throw new Error('mailbox does not exist')
    })
    const doomed = await queue.enqueue('doomed', {}, { maxAttempts: 2 })
    await queue.drain()
    const row = await jobRow(doomed)
    expect(row).toMatchObject({ attempts: 2, lastError: 'mailbox does not exist' })
    expect(row!.failedAt).toBeInstanceOf(Date)
  })

  it('keeps a job that failed 5 times as failed, and says so in the log with its reason', async () => {
    const logged: string[] = []
    const queue = new JobQueue(database.db, {
      backoffMs: () => 0,
      log: { error: (_obj, msg) => logged.push(msg) },
    })
    let calls = 0
    queue.register('bounced', async () => {
      calls++
      throw new Error('550 no such user')
    })
    const bounced = await queue.enqueue('bounced', {})
    await queue.drain()
    expect(calls).toBe(5)
    const row = await jobRow(bounced)
    expect(row).toMatchObject({ attempts: 5, lastError: '550 no such user' })
    expect(row!.failedAt).toBeInstanceOf(Date)
    expect(logged.at(-1)).toBe('job bounced failed 5 times and is kept as failed: 550 no such user')
    expect(logged.slice(0, -1)).toEqual(Array(4).fill('job failed, will retry'))
  })

  it('waits out the backoff before the next attempt', async () => {
    const queue = new JobQueue(database.db, { backoffMs: () => 60_000 })
    let calls = 0
    queue.register('later', async () => {
      calls++
      throw new Error('not now')
    })
    const id = await queue.enqueue('later', {})
    await queue.drain()
    expect(calls).toBe(1)
    const row = await jobRow(id)
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000)
    expect(row!.failedAt).toBeNull()
    await database.db.delete(jobs).where(eq(jobs.id, id))
  })

  it('keeps jobs across a restart: another queue on the same database runs them', async () => {
    const before = new JobQueue(database.db)
    const id = await before.enqueue('survivor', { to: 'someone@example.com' })
    // The process stops before running it; a new one starts.
    const after = new JobQueue(database.db)
    const seen: unknown[] = []
    after.register('survivor', async (data) => void seen.push(data))
    await after.drain()
    expect(seen).toEqual([{ to: 'someone@example.com' }])
    expect(await jobRow(id)).toBeUndefined()
  })

  it('hands a job whose worker died (lease over) to another worker', async () => {
    const queue = new JobQueue(database.db)
    const id = await queue.enqueue('orphan', {})
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'`, attempts: 1 })
      .where(eq(jobs.id, id))
    let ran = 0
    queue.register('orphan', async () => void ran++)
    await queue.drain()
    expect(ran).toBe(1)
  })

  it.runIf(backend === 'postgres')(
    'never runs one job twice when several processes work the queue at once',
    async () => {
      // Separate connection pools, as separate processes would have.
      const workers = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url })),
      )
      try {
        const runs = new Map<number, number>()
        const queues = workers.map((w) => {
          const q = new JobQueue(w.db)
          q.register('count', async (data) => {
            const n = Number(data.n)
            runs.set(n, (runs.get(n) ?? 0) + 1)
            await new Promise((r) => setTimeout(r, 2))
          })
          return q
        })
        for (let n = 0; n < 60; n++) await queues[0]!.enqueue('count', { n })
        await Promise.all(queues.map((q) => q.drain()))
        expect(runs.size).toBe(60)
        expect([...runs.values()].every((c) => c === 1)).toBe(true)
      } finally {
        await Promise.all(workers.map((w) => w.close()))
      }
    },
  )
})
