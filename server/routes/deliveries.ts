import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** Deliverer calls: available items, item detail, request-item, stats, deliveries, payouts (issue 4). */
export const deliveryRoutes: FastifyPluginAsyncZod = async (_app) => {}
