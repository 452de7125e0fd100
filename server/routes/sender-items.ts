import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** Sender's items: list, detail, create, edit, cancel, stats (issue 3). */
export const senderItemRoutes: FastifyPluginAsyncZod = async (_app) => {}
