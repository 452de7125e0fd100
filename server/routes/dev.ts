import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { outboxAnswer, outboxQuery } from '../../contract/auth'
import { listOutbox } from '../services/mail'

/** Development helpers; registered only without SMTP_URL and outside production (else 404). */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.mailer.mode !== 'outbox' || app.config.isProduction) return

  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'The dev mail outbox, newest first (no SMTP_URL, not production)',
        querystring: outboxQuery,
        response: { 200: outboxAnswer },
      },
    },
    async (request) => ({
      success: true,
      message: 'Outbox',
      data: await listOutbox(app.db, request.query.to || undefined),
    }),
  )
}
