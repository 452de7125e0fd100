import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageOnly } from '../../../contract/envelope'
import { adminHandoffBody } from '../../../contract/handoffs'
import { requireUser } from '../../plugins/auth'
import { HANDOFF } from '../../../contract/handoff-messages'
import { waiveHandoff } from '../../services/handoffs'

/**
 * POST /api/admin/handoffs: no code can be had (the sender's phone is dead, the recipient has no
 * mail), so an admin lets the deliverer make the step without one, with a reason (audited; the
 * item's timeline shows it). docs/decisions/034-handoff-codes.md.
 */
export const adminHandoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/handoffs',
    {
      schema: {
        tags: ['admin'],
        summary: "Waive a handoff's code for the deliverer (pickup or delivery), with a reason",
        security: [{ bearerAuth: [] }],
        body: adminHandoffBody,
        response: { 200: messageOnly },
      },
      preHandler: app.idempotent,
    },
    async (request) => {
      const { item_id, step, reason } = request.body
      await waiveHandoff(app.db, requireUser(request).id, { itemId: item_id, step, reason })
      return { success: true, message: HANDOFF.waived }
    },
  )
}
