import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { userConsentAnswer } from '../../contract/terms'
import { listTerms } from '../services/terms'

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
    async () => ({
      success: true,
      message: 'Terms retrieved successfully',
      data: await listTerms(app.db),
    }),
  )
}
