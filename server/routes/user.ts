import { and, eq, isNull, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getUserDataAnswer, updateUserAnswer, updateUserBody } from '../../contract/user'
import { sessions, users } from '../db/schema'
import { hashPassword } from '../services/passwords'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-user-data',
    {
      schema: {
        tags: ['user'],
        security: [{ bearerAuth: [] }],
        response: { 200: getUserDataAnswer },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { id, name, email, role, phone, address } = request.user!
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
      preHandler: app.authenticate,
    },
    async (request) => {
      const me = request.user!
      const { name, phone, address, password } = request.body
      // An empty or absent password keeps the current one.
      const passwordHash = password ? await hashPassword(password) : undefined
      const [user] = await app.db
        .update(users)
        .set({ name, phone, address, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(users.id, me.id))
        .returning()
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
      const u = user!
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
