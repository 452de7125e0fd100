import { and, desc, eq, ne } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  deliveryApprovalBody,
  requestFurtherInfoFields,
  sendingApprovalBody,
} from '../../contract/admin'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { deliveryRequests, infoRequests, items, users } from '../db/schema'
import { DomainError, fieldError, ITEM_NOT_FOUND } from '../errors'
import { notify, type Notifier } from './notify'
import { audit } from './audit'
import {
  checkUpload,
  insertStoredFile,
  replyRefusals,
  withUpload,
  type UploadedFile,
} from './files'
import { releasePayments } from './payments/refunds'
import type { ObjectStore } from './storage/object-store'
import { queueTripMatch } from './trip-alerts'

/*
 * An admin's decisions on items. Each locks the item row (select … for update) and writes its
 * audit entry and its notifications (notify(), decision 033) in the same transaction.
 */

const userById = async (db: Db, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)))[0]

/** Approve or reject sending an item while it is pending and no request is accepted. */
export async function decideSending(
  db: Db,
  notifier: Notifier,
  actorId: string,
  body: z.output<typeof sendingApprovalBody>,
) {
  const { item_id, decision, reason } = body
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(items).where(eq(items.id, item_id)).for('update')
    if (!row) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const [accepted] = await tx
      .select({ id: deliveryRequests.id })
      .from(deliveryRequests)
      .where(
        and(eq(deliveryRequests.itemId, item_id), eq(deliveryRequests.requestStatus, 'accepted')),
      )
      .limit(1)
    if (accepted)
      throw new DomainError('BAD_TRANSITION', 'A request for this item has already been accepted')
    if (row.status !== 'pending')
      throw new DomainError('BAD_TRANSITION', 'This item is no longer pending')
    await tx.update(items).set({ sendingApproval: decision }).where(eq(items.id, item_id))
    // Deliverers whose saved trips it lies on hear of it (decision 024); queued in this transaction
    // so the job runs only once the approval is committed, and is never lost after it.
    if (decision === 'approved') await queueTripMatch(notifier.jobs, item_id, tx)
    // Deciding the same again (a second click, a replayed call) tells the sender nothing new.
    if (row.sendingApproval !== decision)
      await notify(
        tx,
        notifier,
        decision === 'approved'
          ? { kind: 'sending_approved', itemId: item_id }
          : { kind: 'sending_rejected', itemId: item_id, reason: reason ?? null },
      )
    await audit(tx, {
      actorId,
      action: decision === 'approved' ? 'item.sending_approved' : 'item.sending_rejected',
      targetType: 'item',
      targetId: item_id,
      reason: reason ?? null,
    })
    return row
  })
}

/**
 * Approving a pending request makes it the item's current one. If another request was current
 * but not yet accepted by the sender, it stops being current and keeps its delivery_approval
 * (approved) — it is simply not what the sender sees any more; the admin can approve it again
 * later. Rejecting sets delivery_approval rejected and clears current_request_id when it was the
 * current one (request_status stays pending: only the sender rejects a request).
 */
export async function decideDelivery(
  db: Db,
  notifier: Notifier,
  actorId: string,
  body: z.output<typeof deliveryApprovalBody>,
) {
  const { item_id, deliverer_id, decision, reason } = body
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(items).where(eq(items.id, item_id)).for('update')
    if (!row) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const [req] = await tx
      .select()
      .from(deliveryRequests)
      .where(
        and(eq(deliveryRequests.itemId, item_id), eq(deliveryRequests.delivererId, deliverer_id)),
      )
      // Their latest: an earlier, declined request is history (decision 043).
      .orderBy(desc(deliveryRequests.createdAt), desc(deliveryRequests.id))
      .limit(1)
    if (!req) throw new DomainError('REQUEST_NOT_FOUND', 'Delivery request not found')
    if (req.requestStatus !== 'pending')
      throw new DomainError(
        'BAD_TRANSITION',
        'This request has already been answered by the sender',
      )
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
        throw new DomainError(
          'BAD_TRANSITION',
          'Another request for this item has already been accepted',
        )
      if (row.sendingApproval !== 'approved')
        throw new DomainError('BAD_TRANSITION', 'Approve sending first')
      if (row.status !== 'pending')
        throw new DomainError('BAD_TRANSITION', 'This item is no longer pending')
      // The request the sender saw until now stops being current: what they paid goes back.
      if (row.currentRequestId && row.currentRequestId !== req.id)
        await releasePayments(tx, notifier.jobs, {
          requestIds: [row.currentRequestId],
          reason: 'deliverer_replaced',
          actorId,
        })
      await tx
        .update(deliveryRequests)
        .set({ deliveryApproval: 'approved' })
        .where(eq(deliveryRequests.id, req.id))
      await tx.update(items).set({ currentRequestId: req.id }).where(eq(items.id, item_id))
      // Approving the current request again tells nobody anything new.
      if (!(req.deliveryApproval === 'approved' && row.currentRequestId === req.id)) {
        const about = { itemId: item_id, delivererId: deliverer_id }
        await notify(tx, notifier, { kind: 'delivery_approved', ...about })
        await notify(tx, notifier, { kind: 'request_awaits_sender', ...about })
      }
    } else {
      await tx
        .update(deliveryRequests)
        .set({ deliveryApproval: 'rejected' })
        .where(eq(deliveryRequests.id, req.id))
      if (row.currentRequestId === req.id)
        await tx.update(items).set({ currentRequestId: null }).where(eq(items.id, item_id))
      await releasePayments(tx, notifier.jobs, {
        requestIds: [req.id],
        reason: 'request_rejected',
        actorId,
      })
      if (req.deliveryApproval !== 'rejected')
        await notify(tx, notifier, {
          kind: 'delivery_rejected',
          itemId: item_id,
          delivererId: deliverer_id,
          reason: reason ?? null,
        })
    }
    await audit(tx, {
      actorId,
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
}

/**
 * Records an information request to the item's sender or to one of its deliverers (by default
 * the deliverer of the current request); answers the item and the user asked.
 */
export async function sendInfoRequest(
  db: Db,
  storage: ObjectStore,
  notifier: Notifier,
  adminId: string,
  input: z.output<typeof requestFurtherInfoFields> & { file: UploadedFile | undefined },
) {
  const { item_id, to, deliverer_id, description, file } = input
  const [item] = await db.select().from(items).where(eq(items.id, item_id))
  if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  let targetId: string
  if (to === 'sender') targetId = item.senderId
  else {
    let chosen = deliverer_id
    if (!chosen && item.currentRequestId) {
      const [current] = await db
        .select({ delivererId: deliveryRequests.delivererId })
        .from(deliveryRequests)
        .where(eq(deliveryRequests.id, item.currentRequestId))
      chosen = current?.delivererId
    }
    if (!chosen) throw fieldError('deliverer_id', 'Choose which deliverer to ask')
    const [req] = await db
      .select({ id: deliveryRequests.id })
      .from(deliveryRequests)
      .where(and(eq(deliveryRequests.itemId, item_id), eq(deliveryRequests.delivererId, chosen)))
    if (!req)
      throw new DomainError('REQUEST_NOT_FOUND', 'This deliverer has not requested this item')
    targetId = chosen
  }
  const target = await userById(db, targetId)
  if (!target) throw new DomainError('USER_NOT_FOUND', 'User not found')
  if (file) checkUpload(file, replyRefusals)

  await withUpload(storage, file, replyRefusals, (put) =>
    db.transaction(async (tx) => {
      const fileId = put
        ? await insertStoredFile(tx, put, { ownerId: adminId, kind: 'info_request' })
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
            createdBy: adminId,
          })
          .returning({ id: infoRequests.id }),
        'information request',
      )
      await audit(tx, {
        actorId: adminId,
        action: `info_request.sent_to_${to}`,
        targetType: 'info_request',
        targetId: row.id,
      })
      await notify(tx, notifier, {
        kind: 'info_requested',
        itemId: item_id,
        side: to,
        userId: targetId,
        question: description,
      })
    }),
  )
  return { item, target }
}
