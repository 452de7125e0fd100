import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageOnly } from '../../contract/envelope'
import { withdrawDeliveryBody } from '../../contract/way-out'
import { requireUser } from '../plugins/auth'
import { withdrawDelivery } from '../services/withdraw-delivery'

const WITHDRAWN = 'You gave the item back; the sender is refunded and told'

/**
 * POST /api/withdraw-delivery (decision 042): the accepted deliverer gives the item back before
 * pickup, with a reason. JSON; the sender's side of the way out is POST /api/cancel-item.
 */
export const withdrawDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/withdraw-delivery',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Give an accepted item back before pickup, saying why (the sender is refunded)',
        security: [{ bearerAuth: [] }],
        body: withdrawDeliveryBody,
        response: { 200: messageOnly },
      },
      onRequest: app.requireRole('deliverer'),
      preHandler: app.idempotent,
    },
    async (request) => {
      await withdrawDelivery(app.db, app.notifier, requireUser(request).id, request.body)
      return { success: true, message: WITHDRAWN }
    },
  )
}
