import { and, eq } from 'drizzle-orm'
import { decide } from '../../contract/lifecycle'
import { wayOutMessages } from '../../contract/way-out-policy'
import type { Db } from '../db/client'
import { deliveryRequests, items } from '../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import { audit } from './audit'
import { notify, type Notifier } from './notify'
import { releasePayments } from './payments/refunds'

/**
 * The accepted deliverer gives an item back before pickup (decision 042), under the item's row lock
 * so a pickup or the sender's cancel at the same moment either happens first (this is refused) or
 * waits: their request ends rejected with withdrawn_at set, the item is open for offers again, the
 * sender is refunded in full and told why. Anyone but the item's accepted deliverer: not found.
 */
export async function withdrawDelivery(
  db: Db,
  notifier: Notifier,
  delivererId: string,
  body: { item_id: string; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, body.item_id)).for('update')
    const [request] = item?.currentRequestId
      ? await tx
          .select()
          .from(deliveryRequests)
          .where(
            and(
              eq(deliveryRequests.id, item.currentRequestId),
              eq(deliveryRequests.delivererId, delivererId),
              eq(deliveryRequests.requestStatus, 'accepted'),
            ),
          )
      : []
    if (!item || !request) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const decision = decide('withdraw', 'deliverer', {
      status: item.status,
      sending_approval: item.sendingApproval,
      delivery_approval: request.deliveryApproval,
      request_status: request.requestStatus,
    })
    if (!decision.ok) throw new DomainError('BAD_TRANSITION', wayOutMessages.notBeforePickup)
    const { from, to } = decision.transition
    const [moved] = await tx
      .update(items)
      .set({ status: to, currentRequestId: null })
      .where(and(eq(items.id, item.id), eq(items.status, from)))
      .returning({ id: items.id })
    if (!moved) throw new DomainError('BAD_TRANSITION', wayOutMessages.notBeforePickup)
    await tx
      .update(deliveryRequests)
      .set({ requestStatus: 'rejected', withdrawnAt: new Date() })
      .where(eq(deliveryRequests.id, request.id))
    await releasePayments(tx, notifier.jobs, {
      requestIds: [request.id],
      reason: 'deliverer_withdrew',
      actorId: delivererId,
    })
    await audit(tx, {
      actorId: delivererId,
      action: 'request.withdraw',
      targetType: 'delivery_request',
      targetId: request.id,
      reason: body.reason,
    })
    await notify(tx, notifier, {
      kind: 'deliverer_withdrew',
      itemId: item.id,
      delivererId,
      reason: body.reason,
    })
  })
}
