import { and, eq, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  deliveryApprovalBody,
  requestFurtherInfoFields,
  sendingApprovalBody,
} from '../../../contract/admin'
import { messageOnly } from '../../../contract/envelope'
import type { Db } from '../../db/client'
import { one } from '../../db/one'
import { deliveryRequests, infoRequests, items, users } from '../../db/schema'
import { fieldErrors, httpError, ITEM_NOT_FOUND } from '../../errors'
import { audit } from '../../services/audit'
import { releasePayments } from '../../services/payments/refunds'
import {
  checkUpload,
  insertStoredFile,
  readMultipart,
  replyRefusals,
  withUpload,
} from '../../services/files'
import { adminMails, itemLink, notify, notifyAboutItem } from '../../services/notifications'
import { queueTripMatch } from '../../services/trip-alerts'
import { requireUser } from '../../plugins/auth'

const security = [{ bearerAuth: [] }]

const userById = async (db: Db, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)))[0]

/**
 * POST /api/admin/sending-approval, /api/admin/delivery-approval, /api/admin/request-further-info.
 * Each decision locks the item row (select … for update), writes its audit entry in the same
 * transaction, and mails the user once it is committed.
 *
 * Delivery approval: approving a pending request makes it the item's current one. If another
 * request was current but not yet accepted by the sender, it stops being current and keeps its
 * delivery_approval (approved) — it is simply not what the sender sees any more; the admin can
 * approve it again later. Rejecting sets delivery_approval rejected and clears current_request_id
 * when it was the current one (request_status stays pending: only the sender rejects a request).
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
      const { item_id, decision, reason } = request.body
      const item = await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(items).where(eq(items.id, item_id)).for('update')
        if (!row) throw httpError(404, ITEM_NOT_FOUND)
        const [accepted] = await tx
          .select({ id: deliveryRequests.id })
          .from(deliveryRequests)
          .where(
            and(
              eq(deliveryRequests.itemId, item_id),
              eq(deliveryRequests.requestStatus, 'accepted'),
            ),
          )
          .limit(1)
        if (accepted) throw httpError(409, 'A request for this item has already been accepted')
        if (row.status !== 'pending') throw httpError(409, 'This item is no longer pending')
        await tx.update(items).set({ sendingApproval: decision }).where(eq(items.id, item_id))
        // Deliverers whose saved trips it lies on hear of it (issue 16); queued in this transaction
        // so the job runs only once the approval is committed, and is never lost after it.
        if (decision === 'approved') await queueTripMatch(app.jobs, item_id, tx)
        await audit(tx, {
          actorId: requireUser(request).id,
          action: decision === 'approved' ? 'item.sending_approved' : 'item.sending_rejected',
          targetType: 'item',
          targetId: item_id,
          reason: reason ?? null,
        })
        return row
      })
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
      const { item_id, deliverer_id, decision, reason } = request.body
      const item = await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(items).where(eq(items.id, item_id)).for('update')
        if (!row) throw httpError(404, ITEM_NOT_FOUND)
        const [req] = await tx
          .select()
          .from(deliveryRequests)
          .where(
            and(
              eq(deliveryRequests.itemId, item_id),
              eq(deliveryRequests.delivererId, deliverer_id),
            ),
          )
        if (!req) throw httpError(404, 'Delivery request not found')
        if (req.requestStatus !== 'pending')
          throw httpError(409, 'This request has already been answered by the sender')
        if (decision === 'approved') {
          const [accepted] = await tx
            .select({ id: deliveryRequests.id })
            .from(deliveryRequests)
            .where(
              and(
                eq(deliveryRequests.itemId, item_id),
                eq(deliveryRequests.requestStatus, 'accepted'),
                ne(deliveryRequests.id, req.id),
              ),
            )
            .limit(1)
          if (accepted)
            throw httpError(409, 'Another request for this item has already been accepted')
          if (row.sendingApproval !== 'approved') throw httpError(409, 'Approve sending first')
          if (row.status !== 'pending') throw httpError(409, 'This item is no longer pending')
          // The request the sender saw until now stops being current: what they paid goes back.
          if (row.currentRequestId && row.currentRequestId !== req.id)
            await releasePayments(tx, app.jobs, {
              requestIds: [row.currentRequestId],
              reason: 'deliverer_replaced',
              actorId: requireUser(request).id,
            })
          await tx
            .update(deliveryRequests)
            .set({ deliveryApproval: 'approved' })
            .where(eq(deliveryRequests.id, req.id))
          await tx.update(items).set({ currentRequestId: req.id }).where(eq(items.id, item_id))
        } else {
          await tx
            .update(deliveryRequests)
            .set({ deliveryApproval: 'rejected' })
            .where(eq(deliveryRequests.id, req.id))
          if (row.currentRequestId === req.id)
            await tx.update(items).set({ currentRequestId: null }).where(eq(items.id, item_id))
          await releasePayments(tx, app.jobs, {
            requestIds: [req.id],
            reason: 'request_rejected',
            actorId: requireUser(request).id,
          })
        }
        await audit(tx, {
          actorId: requireUser(request).id,
          action:
            decision === 'approved'
              ? 'delivery_request.delivery_approved'
              : 'delivery_request.delivery_rejected',
          targetType: 'delivery_request',
          targetId: req.id,
          reason: reason ?? null,
        })
        return row
      })
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
      const { item_id, to, deliverer_id, description } = parsed.data

      const [item] = await app.db.select().from(items).where(eq(items.id, item_id))
      if (!item) throw httpError(404, ITEM_NOT_FOUND)
      let targetId: string
      if (to === 'sender') targetId = item.senderId
      else {
        let chosen = deliverer_id
        if (!chosen && item.currentRequestId) {
          const [current] = await app.db
            .select({ delivererId: deliveryRequests.delivererId })
            .from(deliveryRequests)
            .where(eq(deliveryRequests.id, item.currentRequestId))
          chosen = current?.delivererId
        }
        if (!chosen)
          throw httpError(400, 'Choose which deliverer to ask', {
            deliverer_id: ['Choose which deliverer to ask'],
          })
        const [req] = await app.db
          .select({ id: deliveryRequests.id })
          .from(deliveryRequests)
          .where(
            and(eq(deliveryRequests.itemId, item_id), eq(deliveryRequests.delivererId, chosen)),
          )
        if (!req) throw httpError(404, 'This deliverer has not requested this item')
        targetId = chosen
      }
      const target = await userById(app.db, targetId)
      if (!target) throw httpError(404, 'User not found')
      if (form.file) checkUpload(form.file, replyRefusals)

      await withUpload(app.storage, form.file, replyRefusals, (put) =>
        app.db.transaction(async (tx) => {
          const fileId = put
            ? await insertStoredFile(tx, put, { ownerId: admin.id, kind: 'info_request' })
            : null
          const row = one(
            await tx
              .insert(infoRequests)
              .values({
                itemId: item_id,
                to,
                targetUserId: targetId,
                description,
                requestFileId: fileId,
                createdBy: admin.id,
              })
              .returning({ id: infoRequests.id }),
            'information request',
          )
          await audit(tx, {
            actorId: admin.id,
            action: `info_request.sent_to_${to}`,
            targetType: 'info_request',
            targetId: row.id,
          })
        }),
      )
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
