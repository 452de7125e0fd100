import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { throttles } from '../db/schema'
import { tooManyRequests } from '../errors'

/**
 * What each 429 answers: it names what was limited, so a phone on a shared network (carrier NAT,
 * campus, office) is not told its new address was used too often (docs/decisions/029).
 */
export const TOO_MANY = {
  loginsForAccount: 'Too many login attempts for this account. Please try again later.',
  loginsFromNetwork: 'Too many login attempts from this network. Please try again later.',
  loginsFromDevice: 'Too many login attempts from this device. Please try again later.',
  mailsToAddress: 'Too many requests for this email address. Please wait a while and try again.',
  signUpsFromNetwork: 'Too many sign-ups from this network. Please wait a while and try again.',
  mailRequestsFromNetwork:
    'Too many email requests from this network. Please wait a while and try again.',
  linkTriesFromNetwork:
    'Too many password link attempts from this network. Please wait a while and try again.',
  currentPasswordTries:
    'Too many tries of the current password. Please wait a while and try again.',
  placeSearchesFromNetwork:
    'Too many place searches from this network. Please wait a while and try again.',
  photoUploads: 'Too many photo uploads. Please wait a while and try again.',
  handoffShortCodes:
    'Too many wrong codes for this handoff. Please wait 15 minutes, or scan the QR code instead.',
} as const

export interface Limit {
  limit: number
  windowMs: number
}

const MINUTE = 60 * 1000

/**
 * Every throttle of the API in one place (per e-mail address, per client address, per device).
 * A client address may be a whole carrier-grade NAT, campus or office: limits per client are
 * ceilings against floods, and what protects one account or one mailbox is counted per account
 * or address (docs/decisions/011 and 029).
 */
export const LIMITS = {
  /**
   * Login attempts of clients without a device cookie of the account, counted before the password
   * is checked; a success clears the address. A browser that signed in keeps its own count
   * (loginPerDevice), so strangers' guesses never lock the owner out.
   */
  loginPerEmail: { limit: 5, windowMs: 15 * MINUTE },
  loginPerClient: { limit: 20, windowMs: 15 * MINUTE },
  /** Mails about an account (sign-up, verification, reset): no mail bombing of one address. */
  mailPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  /** Sign-ups, and mail requests (resend, forgot), each counted apart from one client address. */
  accountCallsPerClient: { limit: 200, windowMs: 60 * MINUTE },
  /** Tries of a reset or set-password link (links are unguessable: this only stops a flood). */
  passwordPerClient: { limit: 100, windowMs: 15 * MINUTE },
  /** Place search and reverse lookup (public): a 400 ms debounced search box stays far below. */
  placesPerClient: { limit: 120, windowMs: MINUTE },
  /**
   * Photo uploads of one sender, refused ones too (each costs a decode, decision 028): twelve items
   * with five photos each an hour.
   */
  photoUploadsPerUser: { limit: 60, windowMs: 60 * MINUTE },
  /** Login attempts with a browser's device cookie of the account (docs/decisions/029). */
  loginPerDevice: { limit: 5, windowMs: 15 * MINUTE },
  /**
   * Tries of a handoff's six digits, per item and step (decision 034): after five the step is
   * locked for 15 minutes, so guessing one of a million codes stays hopeless.
   */
  handoffShortCodes: { limit: 5, windowMs: 15 * MINUTE },
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

/**
 * Hits every key; a 429 (with Retry-After) carrying the message of the first key over its limit.
 */
export async function throttle(
  db: Db,
  checks: [key: string, limit: Limit, message: string][],
): Promise<void> {
  const verdicts = await Promise.all(checks.map(([key, limit]) => hit(db, key, limit)))
  const refused = verdicts.findIndex((v) => !v.allowed)
  const [check, verdict] = [checks[refused], verdicts[refused]]
  if (check && verdict) throw tooManyRequests(check[2], verdict.retryAfterS)
}
