import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { jobs } from '../db/schema'
import type { JobDefinition } from './define-job'

export type JobRow = typeof jobs.$inferSelect

/** A definition with the dependencies it was registered with. */
interface Registered {
  job: JobDefinition<z.ZodType, unknown>
  deps: unknown
}

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

/** Tries of a job unless its definition or enqueue says otherwise; then it is kept as failed, with its reason. */
const DEFAULT_MAX_ATTEMPTS = 5

/** 5 s, 10 s, 20 s … capped at an hour: a mail server that is down for a while still gets the mail. */
const defaultBackoffMs = (attempts: number) =>
  Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000)

/** Why a stored payload does not fit its job's schema, on one line (it goes into jobs.last_error). */
const misfit = (name: string, error: z.ZodError) =>
  `payload does not fit job ${name}: ${error.issues
    .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    .join('; ')}`

/**
 * A durable job queue in the application database, the same on PostgreSQL and PGlite (decision
 * 031). Jobs survive a restart (they are rows); two workers never run one job at once (FOR UPDATE
 * SKIP LOCKED plus a lease); a failed attempt is retried with backoff until max_attempts, then
 * kept with failed_at. Jobs are typed: each is a JobDefinition (define-job.ts).
 */
export class JobQueue {
  private readonly registered = new Map<string, Registered>()
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly backoffMs: (attempts: number) => number
  private running = false
  private timer: NodeJS.Timeout | undefined
  private wake: (() => void) | undefined
  private loop: Promise<void> | undefined
  private busy: Promise<unknown> = Promise.resolve()
  /** Jobs the loop has run, counted before its step settles (drain compares the count). */
  private loopRuns = 0

  constructor(
    private readonly db: Db,
    private readonly opts: JobQueueOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 5 * 60 * 1000
    this.pollMs = opts.pollMs ?? 1000
    this.backoffMs = opts.backoffMs ?? defaultBackoffMs
  }

  /** Lets this worker run `job`, handing its handler `deps`; one definition per name. */
  register<S extends z.ZodType, D>(job: JobDefinition<S, D>, deps: D): void {
    if (this.registered.has(job.name)) throw new Error(`Job ${job.name} is registered twice`)
    this.registered.set(job.name, { job: job as JobDefinition<z.ZodType, unknown>, deps })
  }

  /**
   * Queues `job` with `payload`, which must fit its schema (checked by the compiler, and here once
   * more: a payload forced past the types throws at the caller instead of failing in the worker).
   */
  async enqueue<S extends z.ZodType>(
    job: JobDefinition<S, never>,
    payload: NoInfer<z.input<S>>,
    opts: EnqueueOptions = {},
  ): Promise<string> {
    const data = job.payload.parse(payload) as Record<string, unknown>
    const row = one(
      await (opts.db ?? this.db)
        .insert(jobs)
        .values({
          name: job.name,
          data,
          ...(opts.runAt ? { runAt: opts.runAt } : {}),
          maxAttempts: opts.maxAttempts ?? job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
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

  /** `final`: no later attempt can do better (the payload does not fit): kept as failed now. */
  private async finish(job: JobRow, error: unknown, final = false): Promise<void> {
    if (error === undefined) {
      await this.db.delete(jobs).where(eq(jobs.id, job.id))
      return
    }
    const message = error instanceof Error ? error.message : String(error)
    const spent = final || job.attempts >= job.maxAttempts
    this.opts.log?.error(
      { err: error, job: job.name, jobId: job.id, attempt: job.attempts, reason: message },
      final
        ? `job ${job.name} is kept as failed without retrying: ${message}`
        : spent
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
    const row = await this.claim()
    if (!row) return false
    const registered = this.registered.get(row.name)
    // Another process (a newer release) may know this job: leave it to retries, not failed at once.
    if (!registered) {
      await this.finish(row, new Error(`No handler for job ${row.name}`))
      return true
    }
    const { job, deps } = registered
    const payload = job.payload.safeParse(row.data)
    if (!payload.success) {
      // The same payload never fits on a later try: kept as failed at once, with its reason.
      await this.finish(row, new Error(misfit(row.name, payload.error)), true)
      return true
    }
    let error: unknown
    try {
      await job.run(payload.data, deps, row)
    } catch (err) {
      error = err ?? new Error('job failed')
    }
    await this.finish(row, error)
    return true
  }

  /**
   * Runs every job that is due now, including ones this worker's loop is busy with and the jobs
   * those queue (a release queues its payout); for tests and tools. Done only after a pass that
   * found nothing due while the loop took no step: a job the loop took while this one looked may
   * queue another, which the loop's next step could still be holding when this returned. The
   * loop's idle polls do not count: with a short poll they would keep this going round.
   */
  async drain(): Promise<void> {
    for (;;) {
      await this.busy
      const loopRan = this.loopRuns
      if (await this.runOne()) continue
      await this.busy
      if (this.loopRuns === loopRan) return
    }
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = (async () => {
      while (this.running) {
        const step = this.runOne()
          .then((took) => {
            if (took) this.loopRuns++
            return took
          })
          .catch((err: unknown) => {
            // The database is away (restart, network): try again after a pause.
            this.opts.log?.error({ err }, 'job queue could not run a job')
            return false
          })
        this.busy = step
        const ran = await step
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
