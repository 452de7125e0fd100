import { asc } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { userConsentAnswer } from '../../contract/terms'
import { terms } from '../db/schema'

/** GET /api/user-consent: the consent terms of both roles, oldest first (the PWA filters by role). */
export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user-consent',
    {
      schema: {
        tags: ['terms'],
        security: [{ bearerAuth: [] }],
        response: { 200: userConsentAnswer },
      },
      onRequest: app.authenticate,
    },
    async () => {
      const rows = await app.db
        .select({
          id: terms.id,
          title: terms.title,
          description: terms.description,
          role: terms.role,
        })
        .from(terms)
        .orderBy(asc(terms.createdAt), asc(terms.id))
      return { success: true, message: 'Terms retrieved successfully', data: rows }
    },
  )
}
