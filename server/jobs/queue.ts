import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { jobs } from '../db/schema'

export type JobRow = typeof jobs.$inferSelect
export type JobHandler = (data: Record<string, unknown>, job: JobRow) => Promise<void>

export interface JobQueueOptions {
  /** How long a claimed job is ours; past it another worker may take it (a crashed process). */
  leaseMs?: number
  /** How often an idle worker looks for due jobs (enqueue in this process wakes it at once). */
  pollMs?: number
  /** Wait before attempt n+1 after n failed attempts. */
  backoffMs?: (attempts: number) => number
  log?: { error(obj: object, msg: string): void }
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists only if the write it belongs to commits. */
  db?: Db
  runAt?: Date
  maxAttempts?: number
}

/** Tries of a job unless its enqueue says otherwise; then it is kept as failed, with its reason. */
const DEFAULT_MAX_ATTEMPTS = 5

/** 5 s, 10 s, 20 s … capped at an hour: a mail server that is down for a while still gets the mail. */
const defaultBackoffMs = (attempts: number) =>
  Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000)

/**
 * A durable job queue in the application database, the same on PostgreSQL and PGlite. Jobs survive
 * a restart (they are rows); two workers never run one job at once (FOR UPDATE SKIP LOCKED plus a
 * lease); a failed attempt is retried with backoff until max_attempts, then kept with failed_at.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>()
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly backoffMs: (attempts: number) => number
  private running = false
  private timer: NodeJS.Timeout | undefined
  private wake: (() => void) | undefined
  private loop: Promise<void> | undefined
  private busy: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly opts: JobQueueOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 5 * 60 * 1000
    this.pollMs = opts.pollMs ?? 1000
    this.backoffMs = opts.backoffMs ?? defaultBackoffMs
  }

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler)
  }

  async enqueue(
    name: string,
    data: Record<string, unknown>,
    opts: EnqueueOptions = {},
  ): Promise<string> {
    const row = one(
      await (opts.db ?? this.db)
        .insert(jobs)
        .values({
          name,
          data,
          ...(opts.runAt ? { runAt: opts.runAt } : {}),
          maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        })
        .returning({ id: jobs.id }),
      'job',
    )
    // Inside a transaction the row is not visible yet; the next poll finds it after the commit.
    if (!opts.db) this.wake?.()
    return row.id
  }

  /** Claims one due job (or none) for this worker. */
  private async claim(): Promise<JobRow | undefined> {
    const lease = `${Math.ceil(this.leaseMs / 1000)} seconds`
    const [row] = await this.db
      .update(jobs)
      .set({
        lockedUntil: sql`now() + ${lease}::interval`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        eq(
          jobs.id,
          sql`(select ${jobs.id} from ${jobs}
            where ${jobs.failedAt} is null and ${jobs.runAt} <= now()
              and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())
            order by ${jobs.runAt}, ${jobs.createdAt}
            limit 1 for update skip locked)`,
        ),
      )
      .returning()
    return row
  }

  private async finish(job: JobRow, error: unknown): Promise<void> {
    if (error === undefined) {
      await this.db.delete(jobs).where(eq(jobs.id, job.id))
      return
    }
    const message = error instanceof Error ? error.message : String(error)
    const spent = job.attempts >= job.maxAttempts
    this.opts.log?.error(
      { err: error, job: job.name, jobId: job.id, attempt: job.attempts, reason: message },
      spent
        ? `job ${job.name} failed ${job.attempts} times and is kept as failed: ${message}`
        : 'job failed, will retry',
    )
    await this.db
      .update(jobs)
      .set({
        lastError: message.slice(0, 2000),
        lockedUntil: null,
        ...(spent
          ? { failedAt: new Date() }
          : { runAt: new Date(Date.now() + this.backoffMs(job.attempts)) }),
      })
      .where(eq(jobs.id, job.id))
  }

  /** Runs one due job; answers whether there was one. */
  async runOne(): Promise<boolean> {
    const job = await this.claim()
    if (!job) return false
    const handler = this.handlers.get(job.name)
    let error: unknown
    try {
      if (!handler) throw new Error(`No handler for job ${job.name}`)
      await handler(job.data as Record<string, unknown>, job)
    } catch (err) {
      error = err ?? new Error('job failed')
    }
    await this.finish(job, error)
    return true
  }

  /** Runs every job that is due now, including ones this worker is busy with; for tests and tools. */
  async drain(): Promise<void> {
    await this.busy
    while (await this.runOne());
    await this.busy
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = (async () => {
      while (this.running) {
        let ran = false
        const step = this.runOne().catch((err: unknown) => {
          // The database is away (restart, network): try again after a pause.
          this.opts.log?.error({ err }, 'job queue could not run a job')
          return false
        })
        this.busy = step
        ran = await step
        if (ran || !this.running) continue
        await new Promise<void>((resolve) => {
          this.wake = resolve
          this.timer = setTimeout(resolve, this.pollMs)
          this.timer.unref?.()
        })
        this.wake = undefined
      }
    })()
  }

  /** Stops taking jobs and waits for the one under way. */
  async stop(): Promise<void> {
    this.running = false
    clearTimeout(this.timer)
    this.wake?.()
    await this.loop
  }
}
