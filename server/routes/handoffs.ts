import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  handoffCodesAnswer,
  handoffKeysAnswer,
  recipientCodeAnswer,
  recipientTokenParams,
} from '../../contract/handoffs'
import { requireUser } from '../plugins/auth'
import { handoffCodesOf, recipientCode } from '../services/handoffs'
import { ownedItem } from '../services/sender-items'

const tags = ['handoffs']

/**
 * The handoff codes (docs/decisions/034-handoff-codes.md): the public keys that check them, the
 * sender's two codes, and the recipient's delivery code behind the link of their mail.
 */
export const handoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/handoff-keys',
    {
      schema: {
        tags,
        summary: 'The public keys (JWK Set) that check handoff codes, earlier keys included',
        response: { 200: handoffKeysAnswer },
      },
    },
    async () => ({ keys: app.handoffKeys.published as z.input<typeof handoffKeysAnswer>['keys'] }),
  )

  app.get(
    '/items/:id/handoff-codes',
    {
      schema: {
        tags,
        summary:
          "The item's pickup and delivery codes (signed, and six digits): its sender only, 404 for anyone else",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: handoffCodesAnswer },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      // Everyone but the sender is told the item does not exist, admins and deliverers too.
      const item = await ownedItem(app.db, requireUser(request).id, request.params.id)
      return {
        success: true,
        message: 'Handoff codes',
        data: await handoffCodesOf(app.db, app.handoffKeys, item.id),
      }
    },
  )

  app.get(
    '/recipient-codes/:token',
    {
      schema: {
        tags,
        summary: "The recipient's delivery code, without an account, until the item is delivered",
        params: recipientTokenParams,
        response: { 200: recipientCodeAnswer },
      },
    },
    async (request) => ({
      success: true,
      message: 'Delivery code',
      data: await recipientCode(app.db, app.handoffKeys, request.params.token),
    }),
  )
}
