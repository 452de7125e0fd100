import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  forgotPasswordBody,
  loginAnswer,
  loginBody,
  registerAnswer,
  registerBody,
  resendVerificationBody,
  resetPasswordBody,
  setPasswordBody,
  verifyEmailBody,
} from '../../contract/auth'
import { messageOnly } from '../../contract/envelope'
import { one } from '../db/one'
import { oneTimeTokens, sessions, users } from '../db/schema'
import { randomUUID } from 'node:crypto'
import { httpError, tooManyRequests } from '../errors'
import { queueAccountMail } from '../services/mail-jobs'
import {
  assertPasswordAllowed,
  dummyHash,
  hashPassword,
  verifyPassword,
} from '../services/passwords'
import { checkToken, consumeToken } from '../services/one-time-links'
import {
  clearThrottle,
  hitAll,
  LIMITS,
  releaseHit,
  TOO_MANY_LOGINS,
  TOO_MANY_MAILS,
  TOO_MANY_REQUESTS,
} from '../services/throttle'
import { SESSION_TTL_MS, signSessionToken } from '../services/tokens'
import { requireUser } from '../plugins/auth'

const sessionUser = (u: {
  id: string
  name: string
  email: string
  role: 'sender' | 'deliverer' | 'admin'
}) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
})

export const REGISTERED = 'Registration successful. Please check your email to verify your account.'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Sign-up, resend and forgot-password: per address (no mail bombing) and per client. Each only
   * queues a mail job, so the answer takes the same time whether or not the account exists.
   */
  async function throttleAccountMail(email: string, ip: string) {
    const verdict = await hitAll(app.db, [
      [`mail:email:${email}`, LIMITS.mailPerEmail],
      [`account:client:${ip}`, LIMITS.accountCallsPerClient],
    ])
    if (!verdict.allowed) throw tooManyRequests(TOO_MANY_MAILS, verdict.retryAfterS)
  }

  async function throttlePasswordTries(ip: string) {
    const verdict = await hitAll(app.db, [[`password:client:${ip}`, LIMITS.passwordPerClient]])
    if (!verdict.allowed) throw tooManyRequests(TOO_MANY_REQUESTS, verdict.retryAfterS)
  }

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a sender or deliverer account; sends a verification mail',
        description:
          'A taken address answers exactly like a new one (no account probing); its owner gets a mail instead.',
        body: registerBody,
        response: { 201: registerAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body
      await throttleAccountMail(body.email, request.ip)
      assertPasswordAllowed(body.password)
      const passwordHash = await hashPassword(body.password)
      const [user] = await app.db
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
      await queueAccountMail(
        app.jobs,
        user
          ? { kind: 'verify_email', userId: user.id }
          : { kind: 'account_exists', email: body.email },
      )
      return reply.code(201).send({
        success: true,
        message: REGISTERED,
        data: {
          user: user
            ? sessionUser(user)
            : { id: randomUUID(), name: body.name, email: body.email, role: body.role },
        },
      })
    },
  )

  app.post(
    '/verify-email',
    { schema: { tags: ['auth'], body: verifyEmailBody, response: { 200: messageOnly } } },
    async (request) => {
      const userId = await consumeToken(app.db, request.body.token, 'verify_email')
      await app.db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, userId))
      return { success: true, message: 'Your email address has been verified. You can now log in.' }
    },
  )

  app.post(
    '/resend-verification',
    { schema: { tags: ['auth'], body: resendVerificationBody, response: { 200: messageOnly } } },
    async (request) => {
      await throttleAccountMail(request.body.email, request.ip)
      await queueAccountMail(app.jobs, { kind: 'resend_verification', email: request.body.email })
      return {
        success: true,
        message:
          'If an account with this email exists and is not verified yet, a new verification link has been sent.',
      }
    },
  )

  app.post(
    '/login',
    { schema: { tags: ['auth'], body: loginBody, response: { 200: loginAnswer } } },
    async (request) => {
      const { email, password } = request.body
      const emailKey = `login:email:${email}`
      const clientKey = `login:client:${request.ip}`
      // Counted before the password is checked: parallel guesses each take a count first.
      const verdict = await hitAll(app.db, [
        [emailKey, LIMITS.loginPerEmail],
        [clientKey, LIMITS.loginPerClient],
      ])
      if (!verdict.allowed) throw tooManyRequests(TOO_MANY_LOGINS, verdict.retryAfterS)
      const [user] = await app.db.select().from(users).where(eq(users.email, email))
      // Unknown e-mail: verify against a dummy hash anyway, so timing does not reveal accounts.
      const ok =
        (await verifyPassword(user ? user.passwordHash : await dummyHash(), password)) && !!user
      if (!user || !ok) throw httpError(401, 'Invalid email or password')
      await Promise.all([clearThrottle(app.db, emailKey), releaseHit(app.db, clientKey)])
      if (!user.active) throw httpError(403, 'This account has been deactivated.')
      if (!user.emailVerifiedAt)
        throw httpError(403, 'Please verify your email address before logging in.')

      const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
      const session = one(
        await app.db
          .insert(sessions)
          .values({ userId: user.id, expiresAt })
          .returning({ id: sessions.id }),
        'session',
      )
      const token = await signSessionToken(app.jwtSecret, {
        sub: user.id,
        jti: session.id,
        exp: expiresAt,
      })
      return {
        success: true,
        message: 'Login successful',
        data: { token, expires_at: expiresAt.toISOString(), user: sessionUser(user) },
      }
    },
  )

  app.post(
    '/logout',
    {
      schema: { tags: ['auth'], security: [{ bearerAuth: [] }], response: { 200: messageOnly } },
      onRequest: app.authenticate,
    },
    async (request) => {
      await app.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, requireUser(request).sessionId))
      return { success: true, message: 'Logged out successfully' }
    },
  )

  app.post(
    '/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageOnly } } },
    async (request) => {
      await throttleAccountMail(request.body.email, request.ip)
      await queueAccountMail(app.jobs, { kind: 'password_reset', email: request.body.email })
      return {
        success: true,
        message: 'If an account with this email exists, a password reset link has been sent.',
      }
    },
  )

  /**
   * reset-password and set-password: one use, new password, e-mail proven, every session revoked.
   * The link is checked before the (deliberately slow) hash, so a bad link costs the server nothing.
   */
  const choosePassword =
    (purpose: 'reset_password' | 'set_password', message: string) =>
    async (request: { ip: string; body: { token: string; password: string } }) => {
      await throttlePasswordTries(request.ip)
      await checkToken(app.db, request.body.token, purpose)
      assertPasswordAllowed(request.body.password)
      const passwordHash = await hashPassword(request.body.password)
      await app.db.transaction(async (tx) => {
        const userId = await consumeToken(tx, request.body.token, purpose)
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
      return { success: true, message }
    }

  app.post(
    '/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: messageOnly } } },
    choosePassword('reset_password', 'Your password has been reset. You can now log in.'),
  )

  app.post(
    '/set-password',
    { schema: { tags: ['auth'], body: setPasswordBody, response: { 200: messageOnly } } },
    choosePassword('set_password', 'Your password has been set. You can now log in.'),
  )
}
