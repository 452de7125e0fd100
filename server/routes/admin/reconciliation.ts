import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { reconciliationAnswer } from '../../../contract/reconciliation'
import { latestReconciliation, reconcile } from '../../services/payments/reconciliation'

/**
 * GET /api/admin/reconciliation: the latest comparison of the ledger with the payment provider
 * (nightly, decision 041); POST runs one now.
 */
export const adminReconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    tags: ['admin'],
    security: [{ bearerAuth: [] }],
    response: { 200: reconciliationAnswer },
  }
  app.get(
    '/reconciliation',
    { schema: { ...schema, summary: 'The latest reconciliation of the ledger with the provider' } },
    async () => ({
      success: true,
      message: 'Reconciliation',
      data: { report: await latestReconciliation(app.db) },
    }),
  )
  app.post(
    '/reconciliation',
    { schema: { ...schema, summary: 'Reconcile the ledger with the provider now' } },
    async () => ({
      success: true,
      message: 'Reconciliation done',
      data: { report: await reconcile(app.db, app.payments) },
    }),
  )
}
