import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { one } from '../../db/one'
import { deliveryRequests, items, payments, refunds } from '../../db/schema'
import { defineJob } from '../../jobs/define-job'
import type { JobQueue } from '../../jobs/queue'
import { audit } from '../audit'
import { recordRefundDecided, recordRefundSent } from './ledger'
import type { PaymentProvider } from './provider'
import { SETTLED_STATES } from './status'

/** Why money goes back (refunds.reason). */
export type RefundReason =
  | 'request_rejected'
  | 'deliverer_replaced'
  | 'item_cancelled'
  | 'request_not_current'
  /** An accepted item not delivered AUTO_REFUND_DAYS after its deadline (auto-refund.ts). */
  | 'not_delivered'
  /** The accepted deliverer gave the item back before pickup (decision 042). */
  | 'deliverer_withdrew'
  /** An admin's refund at any time (POST /api/admin/refunds, decision 040). */
  | 'admin'
  /** A dispute resolved with a refund (decision 040). */
  | 'dispute'

/**
 * Lets go of the payments of these requests, inside the transaction that decides it: a paid one
 * is refunded in full (a refunds row, the payment marked refund_pending, a job that asks the
 * provider once the transaction commits), an unpaid intent is cancelled so nobody can pay it.
 * Answers how many payments are being refunded.
 */
export async function releasePayments(
  tx: Db,
  jobs: JobQueue,
  opts: { requestIds: string[]; reason: RefundReason; actorId: string | null },
): Promise<number> {
  if (opts.requestIds.length === 0) return 0
  const open = await tx
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.requestId, opts.requestIds),
        notInArray(payments.status, [...SETTLED_STATES]),
      ),
    )
    .for('update')
  let refunded = 0
  for (const payment of open) {
    if (payment.status !== 'succeeded') {
      await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, payment.id))
      continue
    }
    // What is left of it: an admin may have refunded part already (decision 040).
    const left = payment.amountCents - (await refundedCentsOf(tx, payment.id))
    await tx.update(payments).set({ status: 'refund_pending' }).where(eq(payments.id, payment.id))
    if (left <= 0) continue
    const refund = one(
      await tx
        .insert(refunds)
        .values({ paymentId: payment.id, amountCents: left, reason: opts.reason })
        .returning({ id: refunds.id }),
      'refund',
    )
    // The ledger in the same commit: captured (if the sender never accepted, now), then held -> refunds.
    await recordRefundDecided(tx, refund.id)
    await jobs.enqueue(refundJob, { refundId: refund.id }, { db: tx })
    await audit(tx, {
      actorId: opts.actorId,
      action: 'payment.refund',
      targetType: 'delivery_request',
      targetId: payment.requestId,
      reason: `${opts.reason}: payment ${payment.id}, ${left} cents`,
    })
    refunded++
  }
  return refunded
}

/** Cents of the payment refunded or being refunded: every refund decided counts (a failed one waits for a person). */
export async function refundedCentsOf(tx: Db, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string | null>`sum(${refunds.amountCents})` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
  return Number(row?.cents ?? 0)
}

/** The requests of an item (all of them: cancelling it lets every payment go). */
export async function requestIdsOf(tx: Db, itemId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: deliveryRequests.id })
    .from(deliveryRequests)
    .where(eq(deliveryRequests.itemId, itemId))
  return rows.map((r) => r.id)
}

/** Raised to retry a refund job later (the provider has not finished it yet). */
class RefundNotDone extends Error {}

/**
 * The refund job: asks the provider (with the refund's own idempotency key, so a retry never
 * refunds twice) and records the outcome; a provider that is down or still working makes the job
 * try again later.
 */
async function runRefund(db: Db, provider: PaymentProvider, refundId: string) {
  const [row] = await db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId))
  if (!row || row.refund.status !== 'pending') return
  const { refund, payment } = row
  if (payment.provider !== provider.name)
    throw new Error(
      `payment ${payment.id} was made with the ${payment.provider} provider; this server runs ${provider.name}`,
    )
  const result = refund.providerRefundId
    ? await provider.retrieveRefund(refund.providerRefundId)
    : await provider.refund({
        intentId: payment.providerIntentId,
        amountCents: refund.amountCents,
        idempotencyKey: `tote-refund-${refund.id}`,
        metadata: { refund_id: refund.id, payment_id: payment.id, reason: refund.reason },
      })
  await db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ providerRefundId: result.id, status: result.status })
      .where(eq(refunds.id, refund.id))
    if (result.status === 'succeeded') {
      await recordRefundSent(tx, refund.id)
      // Refunded once every cent went back; a partial refund leaves the payment as it was.
      const [sent] = await tx
        .select({ cents: sql<string | null>`sum(${refunds.amountCents})` })
        .from(refunds)
        .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'succeeded')))
      if (Number(sent?.cents ?? 0) >= payment.amountCents)
        await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id))
    }
  })
  if (result.status === 'pending') throw new RefundNotDone(`refund ${result.id} is still pending`)
  if (result.status === 'failed')
    // Kept as failed for a person to look at (the payment stays refund_pending: never charged again).
    throw new Error(`the provider refused refund ${result.id} of payment ${payment.id}`)
}

/**
 * The refund as a job, queued by releasePayments in the transaction that lets the payment go. A
 * provider down or still working on it makes the job try again: 30 tries, the backoff capped at
 * an hour, keep asking for about 20 hours.
 */
export const refundJob = defineJob({
  name: 'payments.refund',
  payload: z.object({ refundId: z.string() }),
  maxAttempts: 30,
  run: ({ refundId }, { db, provider }: { db: Db; provider: PaymentProvider }) =>
    runRefund(db, provider, refundId),
})

/**
 * A payment that succeeded while its request no longer wanted it (the card was confirmed at
 * Stripe as an admin chose another deliverer, or the sender rejected or cancelled): refunded.
 * Run after any change of a payment to succeeded that did not come from this server's own checks.
 */
export async function settleStrayPayment(db: Db, jobs: JobQueue, paymentId: string) {
  await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId))
    if (!payment || payment.status !== 'succeeded') return
    const [item] = await tx.select().from(items).where(eq(items.id, payment.itemId)).for('update')
    const [request] = await tx
      .select()
      .from(deliveryRequests)
      .where(eq(deliveryRequests.id, payment.requestId))
    const wanted =
      item &&
      request &&
      item.currentRequestId === request.id &&
      item.status !== 'cancelled' &&
      (request.requestStatus === 'accepted' ||
        (request.requestStatus === 'pending' && item.status === 'pending'))
    if (!wanted)
      await releasePayments(tx, jobs, {
        requestIds: [payment.requestId],
        reason: 'request_not_current',
        actorId: null,
      })
  })
}
