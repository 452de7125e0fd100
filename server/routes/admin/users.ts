import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminCreateUserAnswer,
  adminCreateUserBody,
  adminUpdateUserBody,
  adminUsersAnswer,
  adminUsersQuery,
} from '../../../contract/admin'
import { messageOnly } from '../../../contract/envelope'
import { sessions, users } from '../../db/schema'
import { httpError } from '../../errors'
import { adminUserView, listAdminUsers } from '../../services/admin-users'
import { audit } from '../../services/audit'
import { queueAccountMail } from '../../services/mail-jobs'
import { requireUser } from '../../plugins/auth'

const security = [{ bearerAuth: [] }]
const EXISTS = 'An account with this email already exists'

/** GET /api/admin/users, POST /api/admin/users, POST /api/admin/update-user. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every user, with search, role and state filters and pages',
        security,
        querystring: adminUsersQuery,
        response: { 200: adminUsersAnswer },
      },
    },
    async (request) => ({
      success: true,
      message: 'Users retrieved successfully',
      data: await listAdminUsers(app.db, request.query),
    }),
  )

  app.post(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an account of any role; mails it a set-password link (7 days)',
        security,
        body: adminCreateUserBody,
        response: { 201: adminCreateUserAnswer },
      },
    },
    async (request, reply) => {
      const { name, email, role } = request.body
      const user = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ name, email, role, passwordHash: null })
          .onConflictDoNothing({ target: users.email })
          .returning()
        if (!created) throw httpError(409, EXISTS, { email: [EXISTS] })
        await audit(tx, {
          actorId: requireUser(request).id,
          action: 'user.created',
          targetType: 'user',
          targetId: created.id,
          reason: `role ${role}`,
        })
        // Queued with the account: the mail goes out once the account exists, and is retried.
        await queueAccountMail(app.jobs, { kind: 'set_password', userId: created.id }, tx)
        return created
      })
      return reply.code(201).send({
        success: true,
        message: 'User created. A link to set the password has been sent.',
        data: { user: adminUserView(user) },
      })
    },
  )

  app.post(
    '/update-user',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a user's role, deactivate (revokes every session at once) or reactivate",
        security,
        body: adminUpdateUserBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const { user_id, role, active } = request.body
      const admin = requireUser(request)
      if (role === undefined && active === undefined)
        throw httpError(400, 'Choose a role or an active state to change')
      await app.db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, user_id)).for('update')
        if (!user) throw httpError(404, 'User not found')
        if (user.id === admin.id && (active === false || (role && role !== 'admin')))
          throw httpError(409, 'You cannot deactivate or demote your own account')
        const changes: Partial<typeof users.$inferInsert> = {}
        if (role && role !== user.role) {
          changes.role = role
          await audit(tx, {
            actorId: admin.id,
            action: 'user.role_changed',
            targetType: 'user',
            targetId: user.id,
            reason: `${user.role} -> ${role}`,
          })
        }
        if (active !== undefined && active !== user.active) {
          changes.active = active
          await audit(tx, {
            actorId: admin.id,
            action: active ? 'user.reactivated' : 'user.deactivated',
            targetType: 'user',
            targetId: user.id,
          })
        }
        if (Object.keys(changes).length)
          await tx.update(users).set(changes).where(eq(users.id, user.id))
        if (active === false)
          await tx
            .update(sessions)
            .set({ revokedAt: new Date() })
            .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
      })
      return { success: true, message: 'User updated' }
    },
  )
}
