import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ledgerAnswer, ledgerQuery } from '../../../contract/ledger'
import { itemLedger } from '../../services/payments/ledger'

/**
 * GET /api/admin/ledger?item_id=: every ledger entry of an item, oldest first (decision 037): what
 * its sender's card paid, what is held, refunded, released to the deliverer and kept as fees.
 */
export const adminLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ledger',
    {
      schema: {
        tags: ['admin'],
        summary: "An item's ledger entries (signed amounts in dollars; each transaction sums to 0)",
        security: [{ bearerAuth: [] }],
        querystring: ledgerQuery,
        response: { 200: ledgerAnswer },
      },
    },
    async (request) => ({
      success: true,
      message: 'Ledger',
      data: { entries: await itemLedger(app.db, request.query.item_id) },
    }),
  )
}
