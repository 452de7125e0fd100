import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageOnly } from '../../contract/envelope'
import { respondFurtherInfoFields } from '../../contract/info-requests'
import { fieldErrors } from '../errors'
import { replyRefusals } from '../services/files'
import { answerInfoRequest } from '../services/info-requests'
import { requireUser } from '../plugins/auth'
import { requireForm } from '../plugins/uploads'

const INFO_SENT = 'Information sent successfully!'

/**
 * POST /api/respond-further-info (multipart: item_id, description, response_by, optional `file`):
 * the target of the latest information request of `response_by` on the item answers it. A resubmit
 * overwrites the answer. Honours Idempotency-Key.
 */
export const infoRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/respond-further-info',
    {
      schema: {
        tags: ['information requests'],
        summary: 'Answer an admin information request (multipart, optional file)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: messageOnly },
      },
      onRequest: app.requireRole('sender', 'deliverer'),
      preHandler: [
        app.multipartForm({ fileField: 'file', refusals: replyRefusals }),
        app.idempotent,
      ],
    },
    async (request) => {
      const user = requireUser(request)
      const form = requireForm(request)
      const parsed = respondFurtherInfoFields.safeParse(form.fields)
      if (!parsed.success) throw fieldErrors(parsed.error.issues)
      const { item_id, description, response_by } = parsed.data

      await answerInfoRequest(app.db, app.storage, app.notifier, {
        user,
        itemId: item_id,
        description,
        responseBy: response_by,
        file: form.file,
      })
      return { success: true, message: INFO_SENT }
    },
  )
}
