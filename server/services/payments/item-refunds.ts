import { and, desc, eq, inArray } from 'drizzle-orm'
import { disputeMessages } from '../../../contract/dispute-rules'
import { fromCents } from '../../../contract/money'
import type { MoneyRules } from '../../config'
import type { Db } from '../../db/client'
import { one } from '../../db/one'
import { deliveryRequests, items, payments, refunds, releases } from '../../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../../errors'
import { audit } from '../audit'
import { notify, type Notifier } from '../notify'
import { recordRefundDecided, takeBackReleased } from './ledger'
import { queuePayout } from './transfers'
import { refundedCentsOf, refundJob, type RefundReason } from './refunds'

// Refunds at any time (docs/decisions/040-disputes-and-refunds.md): an admin's, or a dispute's,
// of part or all of what the sender paid. Before the release it comes out of the held money;
// after it, the deliverer's share (and Tote's fee on it) is taken back first.

/** What the item's paid payment allows to refund now, for the admin's screens. */
export interface Refundable {
  paymentId: string
  requestId: string
  delivererId: string
  paidCents: number
  refundedCents: number
}

/** The payment of the item's current request that took the sender's money, if any. */
export async function refundableOf(tx: Db, itemId: string): Promise<Refundable | null> {
  const [row] = await tx
    .select({ payment: payments, delivererId: deliveryRequests.delivererId })
    .from(items)
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
    .innerJoin(payments, eq(payments.requestId, deliveryRequests.id))
    .where(
      and(
        eq(items.id, itemId),
        inArray(payments.status, ['succeeded', 'refund_pending', 'refunded']),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1)
  if (!row) return null
  return {
    paymentId: row.payment.id,
    requestId: row.payment.requestId,
    delivererId: row.delivererId,
    paidCents: row.payment.amountCents,
    refundedCents: await refundedCentsOf(tx, row.payment.id),
  }
}

export interface ItemRefund {
  refundId: string
  cents: number
  afterRelease: boolean
  fromDeliverer: number
  /** What is left to refund after this one. */
  leftCents: number
  delivererId: string
}

/**
 * Refunds `cents` of the item's paid payment, in the caller's transaction, which holds the item's
 * row lock (so parallel refunds and the release take turns). Refuses 409 NOTHING_TO_REFUND when
 * nothing is left, 409 REFUND_EXCEEDS_REMAINING above what is left; nothing is written then.
 * Writes the refunds row, takes the released share back first if the money was released, moves
 * the amount from held to the refunds under way, and queues the refund job for the provider.
 */
export async function refundItem(
  tx: Db,
  notifier: Notifier,
  money: Pick<MoneyRules, 'platformFeePercent'>,
  r: { itemId: string; cents: number; reason: RefundReason; actorId: string | null; why: string },
): Promise<ItemRefund> {
  const paid = await refundableOf(tx, r.itemId)
  if (!paid) throw new DomainError('NOTHING_TO_REFUND', disputeMessages.nothingToRefund)
  // The payment's row too: releasePayments (a cancel at the same moment) locks it.
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.id, paid.paymentId))
    .for('update')
  const left = paid.paidCents - (await refundedCentsOf(tx, paid.paymentId))
  if (left <= 0) throw new DomainError('NOTHING_TO_REFUND', disputeMessages.nothingToRefund)
  if (r.cents > left)
    throw new DomainError(
      'REFUND_EXCEEDS_REMAINING',
      disputeMessages.refundTooLarge(fromCents(left)),
      { errors: { amount: [disputeMessages.refundTooLarge(fromCents(left))] } },
    )
  const refund = one(
    await tx
      .insert(refunds)
      .values({ paymentId: paid.paymentId, amountCents: r.cents, reason: r.reason })
      .returning({ id: refunds.id }),
    'refund',
  )
  const [hold] = await tx.select().from(releases).where(eq(releases.requestId, paid.requestId))
  const afterRelease = Boolean(hold?.releasedAt)
  const taken = afterRelease
    ? await takeBackReleased(tx, {
        itemId: r.itemId,
        requestId: paid.requestId,
        delivererId: paid.delivererId,
        refundId: refund.id,
        paidBeforeCents: left,
        refundCents: r.cents,
        percent: money.platformFeePercent,
        releaseTransactionId: hold?.transactionId ?? null,
      })
    : { fromDeliverer: 0, fromFees: 0 }
  await recordRefundDecided(tx, refund.id)
  // Taken back from a deliverer who may have been paid out already: the payout job reverses
  // their latest transfers if their balance went below zero (decision 041).
  if (taken.fromDeliverer > 0) await queuePayout(notifier.jobs, paid.delivererId, tx)
  if (r.cents === left)
    await tx
      .update(payments)
      .set({ status: 'refund_pending' })
      .where(and(eq(payments.id, paid.paymentId), eq(payments.status, 'succeeded')))
  await notifier.jobs.enqueue(refundJob, { refundId: refund.id }, { db: tx })
  await audit(tx, {
    actorId: r.actorId,
    action: 'payment.refund',
    targetType: 'item',
    targetId: r.itemId,
    reason: `${r.reason}: ${r.cents} cents of payment ${paid.paymentId}${
      afterRelease ? `, ${taken.fromDeliverer} cents taken back from the deliverer` : ''
    }. ${r.why}`,
  })
  return {
    refundId: refund.id,
    cents: r.cents,
    afterRelease,
    fromDeliverer: taken.fromDeliverer,
    leftCents: left - r.cents,
    delivererId: paid.delivererId,
  }
}

const dollars = (cents: number) => `$${fromCents(cents).toFixed(2)}`

/**
 * POST /api/admin/refunds: refunds `cents` of the item at any time (audited with the admin's
 * reason); the sender is told, and the deliverer when their earnings change (a delivered item).
 * 404 for an unknown item.
 */
export async function adminRefund(
  db: Db,
  notifier: Notifier,
  money: Pick<MoneyRules, 'platformFeePercent'>,
  r: { adminId: string; itemId: string; cents: number; reason: string },
): Promise<ItemRefund> {
  return db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, r.itemId)).for('update')
    if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const done = await refundItem(tx, notifier, money, {
      itemId: item.id,
      cents: r.cents,
      reason: 'admin',
      actorId: r.adminId,
      why: r.reason,
    })
    await notify(tx, notifier, {
      kind: 'refund_issued',
      itemId: item.id,
      delivererId: done.delivererId,
      to: 'sender',
      body: `Tote refunded ${dollars(done.cents)} of your payment. Reason: ${r.reason}`,
    })
    if (item.status === 'delivered')
      await notify(tx, notifier, {
        kind: 'refund_issued',
        itemId: item.id,
        delivererId: done.delivererId,
        to: 'deliverer',
        body: done.afterRelease
          ? `Tote refunded the sender ${dollars(done.cents)}; ${dollars(done.fromDeliverer)} of your released earnings went back with it. Reason: ${r.reason}`
          : `Tote refunded the sender ${dollars(done.cents)} before your earnings were released; you are paid on the rest. Reason: ${r.reason}`,
      })
    return done
  })
}
