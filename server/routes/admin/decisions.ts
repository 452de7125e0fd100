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
import { adminMails, itemLink, notify, notifyAboutItem } from '../../services/notifications'
import { requireUser } from '../../plugins/auth'
import { readMultipart } from '../../plugins/read-multipart'

const security = [{ bearerAuth: [] }]

/**
 * POST /api/admin/sending-approval, /api/admin/delivery-approval, /api/admin/request-further-info.
 * Each decision locks the item row (select … for update), writes its audit entry in the same
 * transaction (services/decisions.ts), and mails the user once it is committed.
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
      const { decision, reason } = request.body
      const item = await decideSending(app.db, app.jobs, requireUser(request).id, request.body)
      await notifyAboutItem(
        app,
        { userId: item.senderId, party: 'sender', itemId: item.id },
        (name, link) =>
          decision === 'approved'
            ? adminMails.sendingApproved(name, item.name, link)
            : adminMails.sendingRejected(name, item.name, link, reason),
      )
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
      const { deliverer_id, decision, reason } = request.body
      const item = await decideDelivery(app.db, app.jobs, requireUser(request).id, request.body)
      await notifyAboutItem(
        app,
        { userId: deliverer_id, party: 'deliverer', itemId: item.id },
        (name, link) =>
          decision === 'approved'
            ? adminMails.deliveryApproved(name, item.name, link)
            : adminMails.deliveryRejected(name, item.name, link, reason),
      )
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
      const { to, description } = parsed.data
      const { item, target } = await sendInfoRequest(app.db, app.storage, admin.id, {
        ...parsed.data,
        file: form.file,
      })
      await notify(
        app,
        target.email,
        adminMails.infoRequested(
          target.name,
          item.name,
          itemLink(app.publicOrigin(), to, item.id),
          description,
        ),
      )
      return { success: true, message: 'Information request sent' }
    },
  )
}
