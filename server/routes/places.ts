import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** Place search and reverse lookup (issue 4). */
export const placeRoutes: FastifyPluginAsyncZod = async (_app) => {}
