import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminRefundAnswer,
  adminRefundBody,
  balancesAnswer,
  disputeAnswer,
  disputeItemParams,
  disputesAnswer,
  disputesQuery,
  resolveDisputeBody,
} from '../../../contract/disputes'
import { disputeMessages } from '../../../contract/dispute-rules'
import { fromCents } from '../../../contract/money'
import { requireUser } from '../../plugins/auth'
import { disputeViews, negativeBalances, resolveDispute } from '../../services/disputes'
import { adminRefund } from '../../services/payments/item-refunds'

const tags = ['admin']
const security = [{ bearerAuth: [] }]
const toCents = (dollars: number) => Math.round(dollars * 100)

/**
 * Disputes and refunds at any time (docs/decisions/040): the disputes queue and its resolution,
 * an admin's refund of part or all of an item's payment, and the deliverers left owing money.
 */
export const adminDisputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/disputes',
    {
      schema: {
        tags,
        summary:
          'Disputes (open by default), oldest first: reason, timeline, both sides’ files, money',
        security,
        querystring: disputesQuery,
        response: { 200: disputesAnswer },
      },
    },
    async (request) => ({
      success: true,
      message: 'Disputes',
      data: { disputes: await disputeViews(app.db, { status: request.query.status }) },
    }),
  )

  app.post(
    '/disputes/:item_id/resolve',
    {
      schema: {
        tags,
        summary:
          'Resolve a dispute once: release, or refund an amount and release the rest (audited, both sides told)',
        security,
        params: disputeItemParams,
        body: resolveDisputeBody,
        response: { 200: disputeAnswer },
      },
    },
    async (request) => {
      const { outcome, refund_amount, note } = request.body
      const dispute = await resolveDispute(app.db, app.notifier, app.config.money, {
        adminId: requireUser(request).id,
        itemId: request.params.item_id,
        outcome,
        refundCents: refund_amount === undefined ? null : toCents(refund_amount),
        note,
      })
      return { success: true, message: disputeMessages.resolved, data: { dispute } }
    },
  )

  app.post(
    '/refunds',
    {
      schema: {
        tags,
        summary:
          'Refund part or all of an item’s payment at any time (audited); after the release the deliverer’s share is taken back first',
        security,
        body: adminRefundBody,
        response: { 201: adminRefundAnswer },
      },
    },
    async (request, reply) => {
      const { item_id, amount, reason } = request.body
      const done = await adminRefund(app.db, app.notifier, app.config.money, {
        adminId: requireUser(request).id,
        itemId: item_id,
        cents: toCents(amount),
        reason,
      })
      return reply.code(201).send({
        success: true,
        message: disputeMessages.refunded,
        data: {
          refund: {
            id: done.refundId,
            item_id,
            amount: fromCents(done.cents),
            status: 'pending',
            after_release: done.afterRelease,
            refundable: fromCents(done.leftCents),
          },
        },
      })
    },
  )

  app.get(
    '/balances',
    {
      schema: {
        tags,
        summary:
          'Deliverers whose ledger balance is negative (refunds after release), recovered from their next earnings',
        security,
        response: { 200: balancesAnswer },
      },
    },
    async () => ({
      success: true,
      message: 'Negative balances',
      data: { balances: await negativeBalances(app.db) },
    }),
  )
}
