import { and, eq, isNull } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Db } from '../../db/client'
import {
  payments,
  payoutAccounts,
  refunds,
  releaseFreezes,
  releases,
  transfers,
  webhookEvents,
} from '../../db/schema'
import type { JobQueue } from '../../jobs/queue'
import { refundJob } from './refunds'
import { releaseJob } from './releases'
import { applyIntentEvent } from './requests'
import { queuePayout } from './transfers'

// Stripe's events (decision 041): verified by the route, stored here by event id and applied once.
// Stripe may send an event twice and in any order, so an event is only a hint: the object it names
// is read again from Stripe and its current state applied, which is the same whatever came before.

/** What happened to an event: applied now, a replay of one applied before, or of a kind Tote ignores. */
export type EventOutcome = 'applied' | 'replay' | 'ignored'

const HANDLED = [
  'payment_intent.',
  'charge.refunded',
  'charge.dispute.',
  'account.updated',
  'transfer.',
  'payout.failed',
]

/** The id of the object an event is about (the event's data.object.id). */
const objectIdOf = (event: Stripe.Event) => (event.data.object as { id?: string }).id ?? null

/**
 * Stores the event by its id and applies it unless it was applied before. A failure leaves the
 * row unprocessed and throws: Stripe sends the event again and it is applied then.
 */
export async function receiveStripeEvent(
  db: Db,
  jobs: JobQueue,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const objectId = objectIdOf(event)
  await db
    .insert(webhookEvents)
    .values({ id: event.id, type: event.type, objectId })
    .onConflictDoNothing({ target: webhookEvents.id })
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))
  if (row?.processedAt) return 'replay'
  const handled = HANDLED.some((p) => event.type.startsWith(p))
  if (handled && objectId) await apply(db, jobs, stripe, event, objectId)
  await db
    .update(webhookEvents)
    .set({ processedAt: new Date() })
    .where(and(eq(webhookEvents.id, event.id), isNull(webhookEvents.processedAt)))
  return handled ? 'applied' : 'ignored'
}

async function apply(
  db: Db,
  jobs: JobQueue,
  stripe: Stripe,
  event: Stripe.Event,
  objectId: string,
): Promise<void> {
  if (event.type.startsWith('payment_intent.')) {
    await applyIntentEvent(db, jobs, await stripe.paymentIntents.retrieve(objectId))
  } else if (event.type === 'charge.refunded') {
    const charge = await stripe.charges.retrieve(objectId)
    const payment = await paymentOfIntent(db, idOf(charge.payment_intent))
    if (!payment) return
    // The refund job asks Stripe about each refund under way and records it once.
    const pending = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'pending')))
    for (const r of pending) await jobs.enqueue(refundJob, { refundId: r.id })
  } else if (event.type.startsWith('charge.dispute.')) {
    await applyDispute(db, jobs, await stripe.disputes.retrieve(objectId))
  } else if (event.type === 'account.updated') {
    const account = await stripe.accounts.retrieve(objectId)
    const [updated] = await db
      .update(payoutAccounts)
      .set({ canReceive: account.capabilities?.transfers === 'active', updatedAt: new Date() })
      .where(eq(payoutAccounts.accountId, account.id))
      .returning({ userId: payoutAccounts.userId, canReceive: payoutAccounts.canReceive })
    // Onboarding finished: the money waiting as available goes out by itself.
    if (updated?.canReceive) await queuePayout(jobs, updated.userId)
  } else if (event.type.startsWith('transfer.')) {
    const transfer = await stripe.transfers.retrieve(objectId)
    const [ours] = await db
      .select()
      .from(transfers)
      .where(eq(transfers.providerTransferId, transfer.id))
    // A reversal made outside Tote (the Dashboard) shows as a difference in the reconciliation;
    // the deliverer's settlement is the one place that reverses, so nothing is posted here.
    if (ours) await queuePayout(jobs, ours.delivererId)
  } else if (event.type === 'payout.failed' && event.account) {
    await db
      .update(payoutAccounts)
      .set({ payoutFailedAt: new Date(), updatedAt: new Date() })
      .where(eq(payoutAccounts.accountId, event.account))
  }
}

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === 'string' ? ref : (ref?.id ?? null)

async function paymentOfIntent(db: Db, intentId: string | null) {
  if (!intentId) return undefined
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.providerIntentId, intentId), eq(payments.provider, 'stripe')))
  return payment
}

/**
 * A card dispute (chargeback) freezes the item's release while it is open; won, the freeze lifts
 * and the release runs (its job is queued again); lost, it stays frozen for an admin (the refund
 * and dispute flows of issue 27 decide what the deliverer keeps).
 */
async function applyDispute(db: Db, jobs: JobQueue, dispute: Stripe.Dispute) {
  const payment = await paymentOfIntent(db, idOf(dispute.payment_intent))
  if (!payment) return
  const lifted = dispute.status === 'won' || dispute.status === 'warning_closed'
  await db
    .insert(releaseFreezes)
    .values({
      providerDisputeId: dispute.id,
      itemId: payment.itemId,
      status: dispute.status,
      liftedAt: lifted ? new Date() : null,
    })
    .onConflictDoUpdate({
      target: releaseFreezes.providerDisputeId,
      set: { status: dispute.status, ...(lifted ? { liftedAt: new Date() } : {}) },
    })
  if (!lifted) return
  const [release] = await db
    .select({ requestId: releases.requestId })
    .from(releases)
    .where(and(eq(releases.itemId, payment.itemId), isNull(releases.releasedAt)))
  if (release) await jobs.enqueue(releaseJob, { requestId: release.requestId })
}
