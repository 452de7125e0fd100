import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { disputeFields, openedDisputeAnswer, senderDisputeAnswer } from '../../contract/disputes'
import { disputeMessages } from '../../contract/dispute-rules'
import { fieldErrors } from '../errors'
import { requireUser } from '../plugins/auth'
import { openDispute, senderDispute } from '../services/disputes'
import { travelRefusals } from '../services/files'

const params = z.object({ id: z.string().max(100) })

/**
 * POST /api/items/{id}/dispute (docs/decisions/040): the sender reports a problem with a delivered
 * item inside the hold window; the release waits. JSON `{ reason }`, or multipart `reason` and an
 * optional `file` (the proofs' rules). Any signed-in role reaches it; the service answers 404 to
 * anyone but the item's sender.
 */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only a multipart body is read here, before the Idempotency-Key is claimed, so the key's
  // fingerprint covers the file.
  const readForm = app.multipartForm({ fileField: 'file', refusals: travelRefusals })
  const multipartIfSent = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.isMultipart()) await readForm(request, reply)
  }

  app.get(
    '/items/:id/dispute',
    {
      schema: {
        tags: ['items'],
        summary: 'Whether the sender may report a problem now, until when, and their dispute',
        security: [{ bearerAuth: [] }],
        params,
        response: { 200: senderDisputeAnswer },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      success: true,
      message: 'Dispute',
      data: await senderDispute(app.db, requireUser(request), request.params.id),
    }),
  )

  app.post(
    '/items/:id/dispute',
    {
      schema: {
        tags: ['items'],
        summary:
          'Report a problem with a delivered item while its payment is held (JSON { reason }, or multipart reason + optional file)',
        security: [{ bearerAuth: [] }],
        consumes: ['application/json', 'multipart/form-data'],
        params,
        response: { 201: openedDisputeAnswer },
      },
      onRequest: app.authenticate,
      preHandler: [multipartIfSent, app.idempotent],
    },
    async (request, reply) => {
      const form = request.form
      const parsed = disputeFields.safeParse(form ? form.fields : (request.body ?? {}))
      if (!parsed.success) throw fieldErrors(parsed.error.issues)
      const opened = await openDispute(app.db, app.storage, app.notifier, {
        viewer: requireUser(request),
        itemId: request.params.id,
        reason: parsed.data.reason,
        file: form?.file,
      })
      return reply.code(201).send({
        success: true,
        message: disputeMessages.opened,
        data: {
          dispute: {
            item_id: opened.itemId,
            status: 'open' as const,
            opened_at: opened.openedAt.toISOString(),
          },
        },
      })
    },
  )
}
