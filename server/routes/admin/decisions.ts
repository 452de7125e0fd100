import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  deliveryApprovalBody,
  requestFurtherInfoFields,
  sendingApprovalBody,
} from '../../../contract/admin'
import { messageOnly } from '../../../contract/envelope'
import { fieldErrors } from '../../errors'
import { decideDelivery, decideSending, sendInfoRequest } from '../../services/decisions'
import { replyRefusals } from '../../services/files'
import { requireUser } from '../../plugins/auth'
import { readMultipart } from '../../plugins/read-multipart'

const security = [{ bearerAuth: [] }]

/**
 * POST /api/admin/sending-approval, /api/admin/delivery-approval, /api/admin/request-further-info.
 * Each decision locks the item row (select … for update), writes its audit entry in the same
 * transaction (services/decisions.ts), with the notifications and mails it owes (notify(), decision 033).
 */
export const adminDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sending-approval',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Approve or reject sending an item (while it is pending and no request is accepted)',
        security,
        body: sendingApprovalBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const { decision } = request.body
      await decideSending(app.db, app.notifier, requireUser(request).id, request.body)
      return {
        success: true,
        message: decision === 'approved' ? 'Sending approved' : 'Sending rejected',
      }
    },
  )

  app.post(
    '/delivery-approval',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Approve (it becomes the item's current request) or reject a deliverer's pending request",
        security,
        body: deliveryApprovalBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const { decision } = request.body
      await decideDelivery(app.db, app.notifier, requireUser(request).id, request.body)
      return {
        success: true,
        message: decision === 'approved' ? 'Delivery approved' : 'Delivery rejected',
      }
    },
  )

  app.post(
    '/request-further-info',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ask the sender or a deliverer of an item for more information (multipart)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const admin = requireUser(request)
      const form = await readMultipart(request, { fileField: 'file', refusals: replyRefusals })
      const parsed = requestFurtherInfoFields.safeParse(form.fields)
      if (!parsed.success) throw fieldErrors(parsed.error.issues)
      await sendInfoRequest(app.db, app.storage, app.notifier, admin.id, {
        ...parsed.data,
        file: form.file,
      })
      return { success: true, message: 'Information request sent' }
    },
  )
}
