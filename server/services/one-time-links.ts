import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { oneTimeTokens } from '../db/schema'
import { DomainError } from '../errors'
import {
  hashToken,
  newOneTimeToken,
  RESET_TTL_MS,
  SET_PASSWORD_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
} from './tokens'

export type Purpose = (typeof oneTimeTokens.$inferInsert)['purpose']

const TTL: Record<Purpose, number> = {
  verify_email: VERIFY_EMAIL_TTL_MS,
  reset_password: RESET_TTL_MS,
  set_password: SET_PASSWORD_TTL_MS,
}

const LINK_PATH: Record<Purpose, string> = {
  verify_email: '/verify-email',
  reset_password: '/reset-password',
  set_password: '/set-password',
}

/** Creates a one-time token (only its hash is stored) and answers the link for the mail. */
export async function issueLink(
  db: Db,
  origin: string,
  userId: string,
  purpose: Purpose,
): Promise<string> {
  const { token, hash } = newOneTimeToken()
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + TTL[purpose]),
  })
  return `${origin}${LINK_PATH[purpose]}?token=${encodeURIComponent(token)}`
}

const INVALID_LINK: Record<Purpose, { used: string; expired: string; invalid: string }> = {
  verify_email: {
    used: 'This verification link has already been used.',
    expired: 'This verification link has expired. Please request a new one.',
    invalid: 'This verification link is not valid.',
  },
  reset_password: {
    used: 'This password reset link has already been used.',
    expired: 'This password reset link has expired. Please request a new one.',
    invalid: 'This password reset link is not valid.',
  },
  set_password: {
    used: 'This link has already been used.',
    expired: 'This link has expired. Please ask an administrator for a new one.',
    invalid: 'This link is not valid.',
  },
}

/** The 400 for a token that cannot be used: unknown, used, or expired (said apart for the user). */
async function refusal(db: Db, hash: string, purpose: Purpose) {
  const [row] = await db
    .select({ usedAt: oneTimeTokens.usedAt, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hash), eq(oneTimeTokens.purpose, purpose)))
  const texts = INVALID_LINK[purpose]
  const message = row ? (row.usedAt ? texts.used : texts.expired) : texts.invalid
  return new DomainError('INVALID_LINK', message, { errors: { token: [message] } })
}

const usable = (hash: string, purpose: Purpose) =>
  and(
    eq(oneTimeTokens.tokenHash, hash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, new Date()),
  )

/** Answers the token's user without using it up, else the same 400 consumeToken gives. */
export async function checkToken(db: Db, token: string, purpose: Purpose): Promise<string> {
  const hash = hashToken(token)
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(usable(hash, purpose))
  if (row) return row.userId
  throw await refusal(db, hash, purpose)
}

/** Marks the token used (atomically: a second use finds nothing) and answers its user, else a 400. */
export async function consumeToken(db: Db, token: string, purpose: Purpose): Promise<string> {
  const hash = hashToken(token)
  const [used] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(usable(hash, purpose))
    .returning({ userId: oneTimeTokens.userId })
  if (used) return used.userId
  throw await refusal(db, hash, purpose)
}
