import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageOnly } from '../../contract/envelope'
import { respondFurtherInfoFields } from '../../contract/info-requests'
import { infoRequests } from '../db/schema'
import { audit } from '../services/audit'
import { fieldErrors, httpError, ITEM_NOT_FOUND } from '../errors'
import { checkUpload, insertStoredFile, replyRefusals, withUpload } from '../services/files'
import { latestInfoRequest } from '../services/item-view'
import { requireUser } from '../plugins/auth'
import { requireForm } from '../plugins/uploads'

export const INFO_SENT = 'Information sent successfully!'

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

      const open =
        response_by === user.role
          ? await latestInfoRequest(app.db, item_id, response_by)
          : undefined
      if (!open || open.targetUserId !== user.id) throw httpError(404, ITEM_NOT_FOUND)
      if (form.file) checkUpload(form.file, replyRefusals)

      await withUpload(app.storage, form.file, replyRefusals, (put) =>
        app.db.transaction(async (tx) => {
          const fileId = put
            ? await insertStoredFile(tx, put, { ownerId: user.id, kind: 'info_response' })
            : null
          await tx
            .update(infoRequests)
            .set({ response: description, responseFileId: fileId, responseAt: new Date() })
            .where(eq(infoRequests.id, open.id))
          await audit(tx, {
            actorId: user.id,
            action: 'info_request.respond',
            targetType: 'info_request',
            targetId: open.id,
          })
        }),
      )
      return { success: true, message: INFO_SENT }
    },
  )
}
