import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { throttles } from '../db/schema'

export const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.'
export const TOO_MANY_MAILS =
  'Too many requests for this email address. Please wait a while and try again.'
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a while and try again.'
export const TOO_MANY_PHOTOS = 'Too many photo uploads. Please wait a while and try again.'

export interface Limit {
  limit: number
  windowMs: number
}

const MINUTE = 60 * 1000

/** Every throttle of the API in one place (per e-mail address, client address or user). */
export const LIMITS = {
  /** Login attempts, counted before the password is checked; a success clears the address. */
  loginPerEmail: { limit: 5, windowMs: 15 * MINUTE },
  loginPerClient: { limit: 20, windowMs: 15 * MINUTE },
  /** Mails about an account (sign-up, verification, reset): no mail bombing of one address. */
  mailPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  accountCallsPerClient: { limit: 20, windowMs: 60 * MINUTE },
  /** Tries of a reset or set-password link, and of the current password when changing it. */
  passwordPerClient: { limit: 10, windowMs: 15 * MINUTE },
  /** Place search and reverse lookup (public): a 400 ms debounced search box stays far below. */
  placesPerClient: { limit: 120, windowMs: MINUTE },
  /**
   * Photo uploads of one sender, refused ones too (each costs a decode, decision 028): twelve items
   * with five photos each an hour.
   */
  photoUploadsPerUser: { limit: 60, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>

export interface Verdict {
  allowed: boolean
  hits: number
  /** Seconds until the window of this key ends (for Retry-After). */
  retryAfterS: number
}

/**
 * Counts one hit on `key` and answers whether it is within `limit`. One atomic upsert: parallel
 * hits (on any number of processes sharing the database) each get their own count, so at most
 * `limit` of them are allowed per window.
 */
export async function hit(db: Db, key: string, { limit, windowMs }: Limit): Promise<Verdict> {
  const window = sql`now() + ${windowMs} * interval '1 millisecond'`
  const expired = sql`${throttles.resetAt} <= now()`
  const row = one(
    await db
      .insert(throttles)
      .values({ key, hits: 1, resetAt: window })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${throttles.hits} + 1 end`,
          resetAt: sql`case when ${expired} then ${window} else ${throttles.resetAt} end`,
        },
      })
      .returning({
        hits: throttles.hits,
        retryAfterS: sql<number>`greatest(1, ceil(extract(epoch from ${throttles.resetAt} - now())))::int`,
      }),
    'throttle',
  )
  return { allowed: row.hits <= limit, hits: row.hits, retryAfterS: Number(row.retryAfterS) }
}

/** Forgets a key (a successful login clears the failures of its address). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key))
}

/** Takes one hit back (a successful login does not count against its client). */
export async function releaseHit(db: Db, key: string): Promise<void> {
  await db
    .update(throttles)
    .set({ hits: sql`greatest(${throttles.hits} - 1, 0)` })
    .where(eq(throttles.key, key))
}

/** Hits every key; the first verdict that is over its limit, or an allowed one. */
export async function hitAll(db: Db, checks: [key: string, limit: Limit][]): Promise<Verdict> {
  const verdicts = await Promise.all(checks.map(([key, limit]) => hit(db, key, limit)))
  return verdicts.find((v) => !v.allowed) ?? one(verdicts, 'throttle verdict')
}
