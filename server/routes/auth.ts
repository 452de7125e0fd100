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
  verifyEmailAnswer,
  verifyEmailBody,
} from '../../contract/auth'
import { messageOnly } from '../../contract/envelope'
import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import { choosePassword, logIn, logOut, registerAccount, verifyEmail } from '../services/accounts'
import {
  DEVICE_COOKIE_PREFIX,
  DEVICE_TOKEN_TTL_MS,
  deviceCookieKey,
  deviceTokensOf,
  newDeviceToken,
} from '../services/device-tokens'
import { queueAccountMail } from '../services/mail-jobs'
import { LIMITS, throttle, TOO_MANY } from '../services/throttle'
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

const REGISTERED = 'Registration successful. Please check your email to verify your account.'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Device cookies of the login throttle, signed with a key derived from JWT_SECRET
  // (docs/decisions/029).
  await app.register(cookie, { secret: deviceCookieKey(app.jwtSecret) })

  /**
   * Sign-up, resend and forgot-password: per address (no mail bombing) and per client address, a
   * ceiling sized for many phones behind one address (docs/decisions/029). Each only queues a
   * mail job, so the answer takes the same time whether or not the account exists.
   */
  async function throttleAccountMail(email: string, ip: string, call: 'sign-up' | 'mail') {
    await throttle(app.db, [
      [`mail:email:${email}`, LIMITS.mailPerEmail, TOO_MANY.mailsToAddress],
      call === 'sign-up'
        ? [`signup:client:${ip}`, LIMITS.accountCallsPerClient, TOO_MANY.signUpsFromNetwork]
        : [`mail:client:${ip}`, LIMITS.accountCallsPerClient, TOO_MANY.mailRequestsFromNetwork],
    ])
  }

  async function throttlePasswordTries(ip: string) {
    await throttle(app.db, [
      [`password:client:${ip}`, LIMITS.passwordPerClient, TOO_MANY.linkTriesFromNetwork],
    ])
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
      await throttleAccountMail(body.email, request.ip, 'sign-up')
      const user = await registerAccount(app.db, app.jobs, body)
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
    { schema: { tags: ['auth'], body: verifyEmailBody, response: { 200: verifyEmailAnswer } } },
    async (request) => {
      const { email } = await verifyEmail(app.db, request.body.token)
      return { success: true, message: 'Your email address has been verified.', data: { email } }
    },
  )

  app.post(
    '/resend-verification',
    { schema: { tags: ['auth'], body: resendVerificationBody, response: { 200: messageOnly } } },
    async (request) => {
      await throttleAccountMail(request.body.email, request.ip, 'mail')
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
    {
      schema: {
        tags: ['auth'],
        description:
          'Sets a device cookie (HttpOnly, SameSite=Strict, path /api/login) on success: later logins from this browser are throttled on their own, not with strangers guessing at the account.',
        body: loginBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      const unsign = (value: string) => {
        const result = request.unsignCookie(value)
        return result.valid ? result.value : null
      }
      const { token, expiresAt, user } = await logIn(app.db, app.jwtSecret, {
        ...request.body,
        ip: request.ip,
        devices: deviceTokensOf(request.cookies, unsign),
      })
      reply.setCookie(DEVICE_COOKIE_PREFIX + user.id, newDeviceToken(user.id), {
        signed: true,
        httpOnly: true,
        secure: 'auto',
        sameSite: 'strict',
        path: request.routeOptions.url ?? '/api/login',
        maxAge: DEVICE_TOKEN_TTL_MS / 1000,
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
      await logOut(app.db, requireUser(request).sessionId)
      return { success: true, message: 'Logged out successfully' }
    },
  )

  app.post(
    '/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageOnly } } },
    async (request) => {
      await throttleAccountMail(request.body.email, request.ip, 'mail')
      await queueAccountMail(app.jobs, { kind: 'password_reset', email: request.body.email })
      return {
        success: true,
        message: 'If an account with this email exists, a password reset link has been sent.',
      }
    },
  )

  const choosePasswordRoute =
    (purpose: 'reset_password' | 'set_password', message: string) =>
    async (request: { ip: string; body: { token: string; password: string } }) => {
      await throttlePasswordTries(request.ip)
      await choosePassword(app.db, purpose, request.body)
      return { success: true, message }
    }

  app.post(
    '/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: messageOnly } } },
    choosePasswordRoute('reset_password', 'Your password has been reset. You can now log in.'),
  )

  app.post(
    '/set-password',
    { schema: { tags: ['auth'], body: setPasswordBody, response: { 200: messageOnly } } },
    choosePasswordRoute('set_password', 'Your password has been set. You can now log in.'),
  )
}
