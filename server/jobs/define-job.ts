import type { z } from 'zod'
import type { JobRow } from './queue'

/**
 * One kind of job, defined once (decision 031): its name (jobs.name), the zod schema of its
 * payload (jobs.data), and what runs it. Enqueueing takes the definition, so a payload that does
 * not fit does not compile; the worker parses the stored payload again before `run`, so a row
 * that no longer fits (written by an older release) fails with its reason instead of reaching the
 * handler. `D` is what the handler needs (database, mailer, storage…), a plain object handed to
 * the queue once when the job is registered.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType, D = never> {
  /** Stored in every queued row: renaming a job strands the rows already queued under the old name. */
  readonly name: string
  /**
   * A JSON object of plain data, without transforms: what the schema answers at enqueue is what is
   * stored, and it must parse again when the job runs.
   */
  readonly payload: S
  /** Tries before the job is kept as failed (default 5); an enqueue may ask for another number. */
  readonly maxAttempts?: number
  /** Throwing makes the queue try again later (with backoff), up to maxAttempts. */
  run(payload: z.output<S>, deps: D, job: JobRow): Promise<void>
}

export const defineJob = <S extends z.ZodType<Record<string, unknown>>, D>(
  job: JobDefinition<S, D>,
): JobDefinition<S, D> => job
