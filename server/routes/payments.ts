import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** Card payments: intents, test provider, accept/reject, payment status, receipts, Stripe webhook (issue 3). */
export const paymentRoutes: FastifyPluginAsyncZod = async (_app) => {}
