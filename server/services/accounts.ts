import { and, eq, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { registerBody } from '../../contract/auth'
import { SITE_TERMS_VERSION } from '../../contract/legal'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { oneTimeTokens, sessions, users } from '../db/schema'
import { DomainError } from '../errors'
import type { JobQueue } from '../jobs/queue'
import { queueAccountMail } from './mail-jobs'
import { checkToken, consumeToken } from './one-time-links'
import { assertPasswordAllowed, dummyHash, hashPassword, verifyPassword } from './passwords'
import type { DeviceToken } from './device-tokens'
import { clearThrottle, LIMITS, releaseHit, throttle, TOO_MANY } from './throttle'
import { recordAcceptance } from './terms'
import { SESSION_TTL_MS, signSessionToken } from './tokens'

type UserRow = typeof users.$inferSelect

/**
 * A new sender or deliverer account, the terms version it accepted, and its verification mail. A
 * taken address answers undefined and mails its owner instead (nothing recorded), so the caller
 * can answer exactly as for a new account.
 */
export async function registerAccount(
  db: Db,
  jobs: JobQueue,
  body: z.output<typeof registerBody>,
): Promise<UserRow | undefined> {
  assertPasswordAllowed(body.password)
  const passwordHash = await hashPassword(body.password)
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        name: body.name,
        email: body.email,
        passwordHash,
        role: body.role,
        phone: body.phone ?? '',
        address: body.address ?? '',
      })
      .onConflictDoNothing({ target: users.email })
      .returning()
    // The Terms of service and the Privacy policy the person ticked: this version, now.
    if (created) await recordAcceptance(tx, created.id, 'site', SITE_TERMS_VERSION)
    return created
  })
  await queueAccountMail(
    jobs,
    user
      ? { kind: 'verify_email', userId: user.id }
      : { kind: 'account_exists', email: body.email },
  )
  return user
}

/** Uses the link and marks the address verified; answers the address. */
export async function verifyEmail(db: Db, token: string) {
  const userId = await consumeToken(db, token, 'verify_email')
  const user = one(
    await db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId))
      .returning({ email: users.email }),
    'verified user',
  )
  return { email: user.email }
}

/**
 * A new session for the e-mail and password. A client holding a device token of the account
 * (docs/decisions/029) is counted per token only; any other client per address and per client
 * address, so strangers' guesses at an address never lock out the browsers its owner signed in on.
 */
export async function logIn(
  db: Db,
  jwtSecret: Uint8Array,
  attempt: { email: string; password: string; ip: string; devices: DeviceToken[] },
) {
  const { email, password, ip, devices } = attempt
  const [user] = await db.select().from(users).where(eq(users.email, email))
  const device = user && devices.find((d) => d.userId === user.id)
  const emailKey = `login:email:${email}`
  const clientKey = `login:client:${ip}`
  const deviceKey = device && `login:device:${device.userId}:${device.nonce}`
  // Counted before the password is checked: parallel guesses each take a count first.
  await throttle(
    db,
    deviceKey
      ? [[deviceKey, LIMITS.loginPerDevice, TOO_MANY.loginsFromDevice]]
      : [
          [emailKey, LIMITS.loginPerEmail, TOO_MANY.loginsForAccount],
          [clientKey, LIMITS.loginPerClient, TOO_MANY.loginsFromNetwork],
        ],
  )
  // Unknown e-mail: verify against a dummy hash anyway, so timing does not reveal accounts.
  const ok =
    (await verifyPassword(user ? user.passwordHash : await dummyHash(), password)) && !!user
  if (!user || !ok) throw new DomainError('INVALID_CREDENTIALS', 'Invalid email or password')
  // A device's success clears only its own count: the owner signing in must not hand whoever
  // guesses elsewhere a fresh set of tries.
  if (deviceKey) await clearThrottle(db, deviceKey)
  else await Promise.all([clearThrottle(db, emailKey), releaseHit(db, clientKey)])
  if (!user.active)
    throw new DomainError('ACCOUNT_DEACTIVATED', 'This account has been deactivated.')
  if (!user.emailVerifiedAt)
    throw new DomainError(
      'EMAIL_NOT_VERIFIED',
      'Please verify your email address before logging in.',
    )

  const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
  const session = one(
    await db.insert(sessions).values({ userId: user.id, expiresAt }).returning({ id: sessions.id }),
    'session',
  )
  const token = await signSessionToken(jwtSecret, {
    sub: user.id,
    jti: session.id,
    exp: expiresAt,
  })
  return { token, expiresAt, user }
}

export async function logOut(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
}

/**
 * reset-password and set-password: one use, new password, e-mail proven, every session revoked.
 * The link is checked before the (deliberately slow) hash, so a bad link costs the server nothing.
 */
export async function choosePassword(
  db: Db,
  purpose: 'reset_password' | 'set_password',
  input: { token: string; password: string },
) {
  await checkToken(db, input.token, purpose)
  assertPasswordAllowed(input.password)
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, purpose)
    const now = new Date()
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId))
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    // Other outstanding links of the same kind die with this one.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      )
  })
}
