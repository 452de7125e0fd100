import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ledgerAnswer, ledgerQuery, moneyAnswer, moneyQuery } from '../../../contract/ledger'
import { itemLedger } from '../../services/payments/ledger'
import { moneyReport } from '../../services/payments/money-report'

/**
 * GET /api/admin/money?from=&to=: Tote's money per day (held, released, refunded, fees).
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

  app.get(
    '/money',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Tote's money per day: held at the end of each day, released, refunded and fees (dollars)",
        security: [{ bearerAuth: [] }],
        querystring: moneyQuery,
        response: { 200: moneyAnswer },
      },
    },
    async (request) => ({
      success: true,
      message: 'Money',
      data: await moneyReport(app.db, request.query),
    }),
  )
}
