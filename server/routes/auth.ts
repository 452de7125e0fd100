import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
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
import { oneTimeTokens, sessions, users } from '../db/schema'
import { httpError } from '../errors'
import { LoginLimiter } from '../services/login-limiter'
import { mails } from '../services/mail'
import { dummyHash, hashPassword, verifyPassword } from '../services/passwords'
import { consumeToken, issueLink } from '../services/one-time-links'
import { SESSION_TTL_MS, signSessionToken } from '../services/tokens'

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

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = new LoginLimiter()

  /** Links point at APP_ORIGIN, else the origin this request reached. */
  const originOf = (request: FastifyRequest) =>
    app.config.appOrigin ??
    (request.host ? `${request.protocol}://${request.host}` : `http://localhost:${app.config.port}`)

  const sendSafely = async (to: string, mail: { subject: string; text: string }) => {
    try {
      await app.mailer.send({ to, ...mail })
    } catch (err) {
      app.log.error({ err, to }, 'mail could not be sent')
    }
  }

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a sender or deliverer account; sends a verification mail',
        body: registerBody,
        response: { 201: registerAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body
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
      if (!user) {
        throw httpError(409, 'An account with this email already exists', {
          email: ['An account with this email already exists'],
        })
      }
      const link = await issueLink(app.db, originOf(request), user.id, 'verify_email')
      await sendSafely(user.email, mails.verifyEmail(user.name, link))
      return reply.code(201).send({
        success: true,
        message: 'Registration successful. Please check your email to verify your account.',
        data: { user: sessionUser(user) },
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
      const [user] = await app.db.select().from(users).where(eq(users.email, request.body.email))
      if (user && user.active && !user.emailVerifiedAt) {
        const link = await issueLink(app.db, originOf(request), user.id, 'verify_email')
        await sendSafely(user.email, mails.verifyEmail(user.name, link))
      }
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
      if (limiter.isBlocked(email, request.ip))
        throw httpError(429, 'Too many login attempts. Please try again later.')
      const [user] = await app.db.select().from(users).where(eq(users.email, email))
      // Unknown e-mail: verify against a dummy hash anyway, so timing does not reveal accounts.
      const ok =
        (await verifyPassword(user ? user.passwordHash : await dummyHash(), password)) && !!user
      if (!user || !ok) {
        limiter.fail(email, request.ip)
        throw httpError(401, 'Invalid email or password')
      }
      limiter.succeed(email)
      if (!user.active) throw httpError(403, 'This account has been deactivated.')
      if (!user.emailVerifiedAt)
        throw httpError(403, 'Please verify your email address before logging in.')

      const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
      const [session] = await app.db
        .insert(sessions)
        .values({ userId: user.id, expiresAt })
        .returning({ id: sessions.id })
      const token = await signSessionToken(app.jwtSecret, {
        sub: user.id,
        jti: session!.id,
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
      preHandler: app.authenticate,
    },
    async (request) => {
      await app.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, request.user!.sessionId))
      return { success: true, message: 'Logged out successfully' }
    },
  )

  app.post(
    '/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageOnly } } },
    async (request) => {
      const [user] = await app.db.select().from(users).where(eq(users.email, request.body.email))
      if (user && user.active) {
        const link = await issueLink(app.db, originOf(request), user.id, 'reset_password')
        await sendSafely(user.email, mails.resetPassword(user.name, link))
      }
      return {
        success: true,
        message: 'If an account with this email exists, a password reset link has been sent.',
      }
    },
  )

  /** reset-password and set-password: one use, new password, e-mail proven, every session revoked. */
  const choosePassword =
    (purpose: 'reset_password' | 'set_password', message: string) =>
    async (request: { body: { token: string; password: string } }) => {
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
