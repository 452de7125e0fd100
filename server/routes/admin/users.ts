import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminCreateUserAnswer,
  adminCreateUserBody,
  adminUpdateUserBody,
  adminUsersAnswer,
  adminUsersQuery,
} from '../../../contract/admin'
import { messageOnly } from '../../../contract/envelope'
import { createAdminUser, listAdminUsers, updateAdminUser } from '../../services/admin-users'
import { requireUser } from '../../plugins/auth'

const security = [{ bearerAuth: [] }]

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
      const user = await createAdminUser(app.db, app.jobs, requireUser(request).id, request.body)
      return reply.code(201).send({
        success: true,
        message: 'User created. A link to set the password has been sent.',
        data: { user },
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
      await updateAdminUser(app.db, requireUser(request).id, request.body)
      return { success: true, message: 'User updated' }
    },
  )
}
