import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import {
  idempotencyKeys,
  items,
  jobs,
  notifications,
  oneTimeTokens,
  sessions,
  storedFiles,
  throttles,
} from '../db/schema'
import { defineJob } from '../jobs/define-job'
import type { JobQueue } from '../jobs/queue'
import type { ObjectStore } from './storage/object-store'

/** How often the purge runs (one chain of jobs for all processes). */
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000
/** What an Idempotency-Key protects against: a replay within a day (decision 005). */
const IDEMPOTENCY_KEEP = sql`interval '24 hours'`
/** A revoked or expired session stays a day for whoever looks into a sign-out. */
const SESSION_KEEP = sql`interval '1 day'`
/**
 * A notification about an item whose deadline passed this long ago leads nowhere: nobody can
 * carry it any more. (Its row is also what keeps a trip from being told twice, which no longer
 * matters then: an item past its deadline never matches again.)
 */
const NOTIFICATION_KEEP = sql`interval '30 days'`
/** An object is written before the transaction that references it: give that time to commit. */
const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000
/** Keys looked up per query while listing the store. */
const ORPHAN_BATCH = 500
/** Serialises the "is the chain scheduled?" check of processes starting at the same moment. */
const SCHEDULE_LOCK_KEY = 0x74686b70
/** The first purge after a start: not urgent, and out of the way of the start itself. */
const FIRST_RUN_AFTER_MS = 5 * 60 * 1000

export interface Purged {
  sessions: number
  oneTimeTokens: number
  idempotencyKeys: number
  throttles: number
  notifications: number
}

/**
 * Deletes what no request can use any more: sessions expired or revoked more than a day ago (the
 * token of a deleted session is refused like a revoked one), used or expired one-time links,
 * Idempotency-Keys older than 24 h, throttle windows that ended, and notifications about items
 * whose deadline passed more than 30 days ago.
 */
export async function purgeExpired(db: Db): Promise<Purged> {
  const gone = sql`now() - ${SESSION_KEEP}`
  const [s, o, i, t, n] = await Promise.all([
    db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, gone), lt(sessions.revokedAt, gone)))
      .returning({ id: sessions.id }),
    db
      .delete(oneTimeTokens)
      .where(or(sql`${oneTimeTokens.usedAt} is not null`, lt(oneTimeTokens.expiresAt, sql`now()`)))
      .returning({ id: oneTimeTokens.id }),
    db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEEP}`))
      .returning({ id: idempotencyKeys.id }),
    db
      .delete(throttles)
      .where(lt(throttles.resetAt, sql`now()`))
      .returning({ key: throttles.key }),
    db
      .delete(notifications)
      .where(
        inArray(
          notifications.itemId,
          db
            .select({ id: items.id })
            .from(items)
            .where(lt(items.deliveryDeadline, sql`now() - ${NOTIFICATION_KEEP}`)),
        ),
      )
      .returning({ id: notifications.id }),
  ])
  return {
    sessions: s.length,
    oneTimeTokens: o.length,
    idempotencyKeys: i.length,
    throttles: t.length,
    notifications: n.length,
  }
}

/**
 * Deletes stored objects that no stored_files row references and that were written before
 * `olderThan` (an upload whose transaction rolled back, or a file whose row is gone). Answers how
 * many went.
 */
export async function purgeOrphanObjects(
  db: Db,
  store: ObjectStore,
  olderThan = new Date(Date.now() - ORPHAN_AFTER_MS),
): Promise<number> {
  let removed = 0
  let batch: string[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const referenced = await db
      .select({ key: storedFiles.diskName })
      .from(storedFiles)
      .where(inArray(storedFiles.diskName, batch))
    const kept = new Set(referenced.map((row) => row.key))
    for (const key of batch.filter((k) => !kept.has(k))) {
      await store.delete(key)
      removed++
    }
    batch = []
  }
  for await (const object of store.list()) {
    if (object.lastModified >= olderThan) continue
    batch.push(object.key)
    if (batch.length >= ORPHAN_BATCH) await flush()
  }
  await flush()
  return removed
}

export interface HousekeepingDeps {
  db: Db
  storage: ObjectStore
  log: { info(obj: object, msg: string): void }
  /** Where the next run is queued. */
  jobs: JobQueue
}

/** The purge as a job: it runs, logs what it removed, and puts the next one an hour later. */
export const housekeepingJob = defineJob({
  name: 'housekeeping',
  payload: z.object({}),
  async run(_payload, { db, storage, log, jobs: queue }: HousekeepingDeps): Promise<void> {
    const purged = await purgeExpired(db)
    const orphanObjects = await purgeOrphanObjects(db, storage)
    log.info({ purged, orphanObjects }, 'housekeeping')
    await queue.enqueue(
      housekeepingJob,
      {},
      { runAt: new Date(Date.now() + HOUSEKEEPING_EVERY_MS) },
    )
  },
})

/**
 * Makes sure one housekeeping job is waiting (at start): several processes starting together
 * take turns on an advisory lock, so there is one chain, whatever their number.
 */
export async function scheduleHousekeeping(db: Db, queue: JobQueue): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_KEY})`)
    const [waiting] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, housekeepingJob.name), isNull(jobs.failedAt)))
      .limit(1)
    if (!waiting)
      await queue.enqueue(
        housekeepingJob,
        {},
        { db: tx as unknown as Db, runAt: new Date(Date.now() + FIRST_RUN_AFTER_MS) },
      )
  })
}
