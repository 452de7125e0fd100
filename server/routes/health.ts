import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { healthAnswer } from '../../contract/auth'
import { failure } from '../../contract/envelope'
import { ping } from '../db/client'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: healthAnswer, 503: failure } } },
    async (_request, reply) => {
      if (!(await ping(app.database))) {
        return reply
          .code(503)
          .send({ success: false, message: 'The database is not available', code: 'UNAVAILABLE' })
      }
      return reply.code(200).send({ success: true, message: 'ok', data: { status: 'ok' as const } })
    },
  )
}
