import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminDecisionRoutes } from './admin/decisions'
import { adminDisputeRoutes } from './admin/disputes'
import { adminHandoffRoutes } from './admin/handoffs'
import { adminItemRoutes } from './admin/items'
import { adminLedgerRoutes } from './admin/ledger'
import { adminRatingRoutes } from './admin/ratings'
import { adminReconciliationRoutes } from './admin/reconciliation'
import { adminTermRoutes } from './admin/terms'
import { adminUserRoutes } from './admin/users'

/**
 * Every /api/admin/* call (decision 004). The role check runs on request, before the body is parsed or
 * validated: anonymous 401 'Unauthenticated', sender or deliverer 403 'Forbidden', whatever they send.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole('admin'))
  await app.register(adminItemRoutes)
  await app.register(adminDecisionRoutes)
  await app.register(adminUserRoutes)
  await app.register(adminTermRoutes)
  await app.register(adminHandoffRoutes)
  await app.register(adminLedgerRoutes)
  await app.register(adminRatingRoutes)
  await app.register(adminDisputeRoutes)
  await app.register(adminReconciliationRoutes)
}
