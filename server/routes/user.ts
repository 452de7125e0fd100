import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getUserDataAnswer, updateUserAnswer, updateUserBody } from '../../contract/user'
import { updateProfile } from '../services/profile'
import { requireUser } from '../plugins/auth'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const data = await updateProfile(app.db, requireUser(request), request.body)
      return {
        success: true,
        message: 'Profile updated successfully',
        data,
      }
    },
  )
}
