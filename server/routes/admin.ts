import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** Every /api/admin/* call (issue 5). */
export const adminRoutes: FastifyPluginAsyncZod = async (_app) => {}
