import { and, eq, isNull, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  getUserDataAnswer,
  updateUserAnswer,
  updateUserBody,
} from '../../contract/user'
import { one } from '../db/one'
import { sessions, users } from '../db/schema'
import { httpError, tooManyRequests } from '../errors'
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../services/passwords'
import { clearThrottle, hitAll, LIMITS, TOO_MANY_REQUESTS } from '../services/throttle'
import { requireUser } from '../plugins/auth'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 400 on current_password unless it is the account's password; tries are throttled per user. */
  async function checkCurrentPassword(userId: string, current: string | undefined) {
    if (!current)
      throw httpError(400, CURRENT_PASSWORD_REQUIRED, {
        current_password: [CURRENT_PASSWORD_REQUIRED],
      })
    const verdict = await hitAll(app.db, [[`password:user:${userId}`, LIMITS.loginPerEmail]])
    if (!verdict.allowed) throw tooManyRequests(TOO_MANY_REQUESTS, verdict.retryAfterS)
    const [row] = await app.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
    if (!(await verifyPassword(row?.passwordHash ?? null, current)))
      throw httpError(400, CURRENT_PASSWORD_WRONG, { current_password: [CURRENT_PASSWORD_WRONG] })
    await clearThrottle(app.db, `password:user:${userId}`)
  }

  app.get(
    '/get-user-data',
    {
      schema: {
        tags: ['user'],
        security: [{ bearerAuth: [] }],
        response: { 200: getUserDataAnswer },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { id, name, email, role, phone, address } = requireUser(request)
      return {
        success: true,
        message: 'User data retrieved successfully',
        data: { id, name, email, role, phone, address },
      }
    },
  )

  app.post(
    '/update-user',
    {
      schema: {
        tags: ['user'],
        security: [{ bearerAuth: [] }],
        body: updateUserBody,
        response: { 200: updateUserAnswer },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const me = requireUser(request)
      const { name, phone, address, password, current_password } = request.body
      // An empty or absent password keeps the current one.
      if (password) await checkCurrentPassword(me.id, current_password)
      if (password) assertPasswordAllowed(password)
      const passwordHash = password ? await hashPassword(password) : undefined
      // The signed-in user's row: authenticate just read it, and users are never deleted.
      const u = one(
        await app.db
          .update(users)
          .set({ name, phone, address, ...(passwordHash ? { passwordHash } : {}) })
          .where(eq(users.id, me.id))
          .returning(),
        'user',
      )
      if (passwordHash) {
        // A new password signs out every other device; this one stays signed in.
        await app.db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, me.id),
              ne(sessions.id, me.sessionId),
              isNull(sessions.revokedAt),
            ),
          )
      }
      return {
        success: true,
        message: 'Profile updated successfully',
        data: {
          id: u.id,
          name: u.name,
          email: u.email,
          role: u.role,
          phone: u.phone,
          address: u.address,
        },
      }
    },
  )
}
