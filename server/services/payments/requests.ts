import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { one } from '../../db/one'
import { deliveryRequests, items, payments } from '../../db/schema'
import type { JobQueue } from '../../jobs/queue'
import { notify, type Notifier } from '../notify'
import { audit } from '../audit'
import { DomainError, ITEM_NOT_FOUND } from '../../errors'
import { issueHandoffs, queueRecipientMail } from '../handoffs'
import { ownedItem } from '../sender-items'
import { agreedPriceCents } from '../../../contract/money'
import { decide, guards, type LifecycleContext, type Transition } from '../../../contract/lifecycle'
import type { PaymentProvider } from './provider'
import { paymentStatus, REFUND_STATES, SETTLED_STATES, type PaymentStatus } from './status'
import { releasePayments, settleStrayPayment } from './refunds'
import { capturePayment } from './ledger'
import { scheduleAutoRefund } from './auto-refund'
import type { MoneyRules } from '../../config'
import { assertSenderTermsAccepted } from '../terms'

export const CANNOT_PAY = 'This request cannot be paid'
const PAYMENT_NOT_COMPLETED = 'Payment has not been completed'
const ALREADY_ANSWERED = 'This request has already been answered'
const NOT_APPROVED_REQUEST = 'This deliverer is not the approved request'
const ITEM_CANCELLED = 'This item has been cancelled'
export const PAYMENT_NOT_FOUND = 'Payment not found'
const AMOUNT_TOO_SMALL = 'The amount must be at least $0.50 to pay by card'
export const REQUEST_ACCEPTED = 'Request accepted'
export const REQUEST_REJECTED = 'Request rejected'

type ItemRow = typeof items.$inferSelect
type RequestRow = typeof deliveryRequests.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

/** The lifecycle's view of the item with `request` as its current request, if it is. */
function contextOf(item: ItemRow, request: RequestRow): LifecycleContext {
  const current = item.currentRequestId === request.id ? request : null
  return {
    status: item.status,
    sending_approval: item.sendingApproval,
    delivery_approval: current?.deliveryApproval ?? null,
    request_status: current?.requestStatus ?? null,
  }
}

/** The item's current request when `delivererId` may be paid for it now, else 409 'This request cannot be paid'. */
export async function payableRequest(db: Db, item: ItemRow, delivererId: string) {
  const [request] = item.currentRequestId
    ? await db.select().from(deliveryRequests).where(eq(deliveryRequests.id, item.currentRequestId))
    : []
  // Payable exactly when the sender could accept it (contract/lifecycle.ts).
  if (
    !request ||
    request.delivererId !== delivererId ||
    !decide('accept', 'sender', contextOf(item, request)).ok
  )
    throw new DomainError('BAD_TRANSITION', CANNOT_PAY)
  return request
}

/**
 * POST /api/create-payment-intent: the intent for the item's current request, at the server's
 * price. The item row is locked while it looks for the request's live payment and makes one only
 * when there is none, so parallel calls (on any number of processes) answer one client_secret; the
 * partial unique index payments_one_live_per_request backs this up in the database. A sender who
 * has not accepted the current sender terms is refused (409 SENDER_TERMS_NOT_ACCEPTED, decision 044).
 */
export async function intentForRequest(
  db: Db,
  provider: PaymentProvider,
  opts: { senderId: string; itemId: string; delivererId: string },
): Promise<PaymentRow> {
  const owned = await ownedItem(db, opts.senderId, opts.itemId)
  await payableRequest(db, owned, opts.delivererId)
  await assertSenderTermsAccepted(db, opts.senderId)
  return db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, owned.id)).for('update')
    if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const request = await payableRequest(tx, item, opts.delivererId)
    const amountCents = agreedPriceCents(request.delivererPrice, item.senderPrice)
    if (amountCents < 50) throw new DomainError('CONFLICT', AMOUNT_TOO_SMALL)
    const [live] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.requestId, request.id), notInArray(payments.status, [...SETTLED_STATES])),
      )
    if (live?.status === 'succeeded') return live
    if (live && live.provider === provider.name && live.amountCents === amountCents) return live
    // An intent of another provider (the server moved to Stripe) or price cannot be paid here.
    if (live) await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, live.id))
    const [earlier] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.requestId, request.id))
    const intent = await provider.createIntent({
      amountCents,
      currency: 'usd',
      idempotencyKey: `tote-intent-${request.id}-${Number(earlier?.n ?? 0)}`,
      metadata: {
        item_id: item.id,
        request_id: request.id,
        deliverer_id: request.delivererId,
        sender_id: item.senderId,
      },
    })
    return one(
      await tx
        .insert(payments)
        .values({
          itemId: item.id,
          requestId: request.id,
          provider: provider.name,
          providerIntentId: intent.id,
          amountCents,
          currency: 'usd',
          status: intent.status,
          clientSecret: intent.clientSecret,
        })
        .returning(),
      'payment',
    )
  })
}

/**
 * Asks the provider for the intent's status and stores it; answers the fresh status. A payment
 * being refunded keeps its status (Stripe still says succeeded for a refunded intent); one that
 * turns succeeded for a request that no longer wants it is refunded.
 */
export async function refreshPayment(
  db: Db,
  provider: PaymentProvider,
  jobs: JobQueue,
  payment: PaymentRow,
) {
  const intent = await provider.retrieveIntent(payment.providerIntentId)
  if (REFUND_STATES.includes(payment.status as PaymentStatus)) return intent
  if (intent.status !== payment.status) {
    await db
      .update(payments)
      .set(paymentStatus(intent.status))
      .where(and(eq(payments.id, payment.id), notInArray(payments.status, [...REFUND_STATES])))
    if (intent.status === 'succeeded') await settleStrayPayment(db, jobs, payment.id)
  }
  return intent
}

/** The item's latest payment, or 404 'Payment not found'. */
export async function latestPaymentOf(db: Db, itemId: string) {
  const [latest] = await db
    .select()
    .from(payments)
    .where(eq(payments.itemId, itemId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1)
  if (!latest) throw new DomainError('PAYMENT_NOT_FOUND', PAYMENT_NOT_FOUND)
  return latest
}

/** A PaymentIntent event: its status lands on the payment (never undoing a success or a refund). */
export async function applyIntentEvent(
  db: Db,
  jobs: JobQueue,
  intent: { id: string; status: string },
) {
  const [updated] = await db
    .update(payments)
    .set(paymentStatus(intent.status as PaymentStatus))
    .where(
      and(
        eq(payments.providerIntentId, intent.id),
        eq(payments.provider, 'stripe'),
        notInArray(payments.status, ['succeeded', ...REFUND_STATES]),
      ),
    )
    .returning({ id: payments.id })
  if (updated && intent.status === 'succeeded') await settleStrayPayment(db, jobs, updated.id)
}

/**
 * The state checks of answering a request (contract/lifecycle.ts), run before and again under the
 * item's row lock; answers the move. The messages say first what is wrong with the request, then
 * with the item.
 */
function checkAnswerable(
  item: ItemRow,
  request: RequestRow | undefined,
  event: 'accept' | 'reject',
): { request: RequestRow; move: Transition } {
  if (!request) throw new DomainError('BAD_TRANSITION', NOT_APPROVED_REQUEST)
  if (request.requestStatus !== 'pending') throw new DomainError('BAD_TRANSITION', ALREADY_ANSWERED)
  const context = contextOf(item, request)
  if (!guards.awaits_sender(context)) throw new DomainError('BAD_TRANSITION', NOT_APPROVED_REQUEST)
  const decision = decide(event, 'sender', context)
  if (decision.ok) return { request, move: decision.transition }
  if (item.status === 'cancelled') throw new DomainError('BAD_TRANSITION', ITEM_CANCELLED)
  throw new DomainError('BAD_TRANSITION', ALREADY_ANSWERED)
}

const requestOf = (db: Db, itemId: string, delivererId: string) =>
  db
    .select()
    .from(deliveryRequests)
    .where(and(eq(deliveryRequests.itemId, itemId), eq(deliveryRequests.delivererId, delivererId)))
    // Their latest: an earlier, declined request is history (decision 043).
    .orderBy(desc(deliveryRequests.createdAt), desc(deliveryRequests.id))
    .limit(1)

/**
 * POST /api/update-request-status. Accepting needs a payment of this request at its price that the
 * provider reports as succeeded (asked here, never taken from the client); then ONE transaction
 * locks the item row, re-checks everything and moves request, item and payment on together, so
 * concurrent accepts or a reject racing an accept change things once.
 */
export async function answerRequest(
  db: Db,
  provider: PaymentProvider,
  notifier: Notifier,
  money: Pick<MoneyRules, 'autoRefundDays'>,
  opts: {
    senderId: string
    itemId: string
    delivererId: string
    status: 'accepted' | 'rejected'
    /** Rejecting only: the sender's words to the deliverer. */
    reason?: string | undefined
  },
) {
  const item = await ownedItem(db, opts.senderId, opts.itemId)
  const event = opts.status === 'accepted' ? 'accept' : 'reject'
  const [before] = await requestOf(db, item.id, opts.delivererId)
  const { request } = checkAnswerable(item, before, event)

  let paymentId: string | undefined
  if (opts.status === 'accepted') {
    const amountCents = agreedPriceCents(request.delivererPrice, item.senderPrice)
    const candidates = await db
      .select()
      .from(payments)
      .where(and(eq(payments.requestId, request.id), eq(payments.provider, provider.name)))
      .orderBy(desc(payments.createdAt))
      .limit(5)
    for (const payment of candidates) {
      if (payment.amountCents !== amountCents) continue
      if (SETTLED_STATES.includes(payment.status as PaymentStatus)) continue
      const intent = await refreshPayment(db, provider, notifier.jobs, payment)
      if (intent.status === 'succeeded' && intent.amountCents === amountCents) {
        paymentId = payment.id
        break
      }
    }
    if (!paymentId) throw new DomainError('BAD_TRANSITION', PAYMENT_NOT_COMPLETED)
  }

  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(items).where(eq(items.id, item.id)).for('update')
    if (!locked) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const [fresh] = await requestOf(tx, item.id, opts.delivererId)
    const { move } = checkAnswerable(locked, fresh, event)
    // The lock and the checks above make this hold; the guard keeps the write honest regardless.
    const moveItem = (set: Partial<typeof items.$inferInsert>) =>
      tx
        .update(items)
        .set(set)
        .where(and(eq(items.id, item.id), eq(items.status, move.from)))
        .returning({ id: items.id })
    // Only an accept found a succeeded payment above.
    if (paymentId) {
      const [paid] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.id, paymentId),
            eq(payments.requestId, request.id),
            eq(payments.status, 'succeeded'),
          ),
        )
      if (!paid) throw new DomainError('BAD_TRANSITION', PAYMENT_NOT_COMPLETED)
      // Written once, here: earnings and every screen read it (decision 030).
      await tx
        .update(deliveryRequests)
        .set({
          requestStatus: 'accepted',
          agreedPriceCents: agreedPriceCents(request.delivererPrice, locked.senderPrice),
          acceptedAt: new Date(),
        })
        .where(eq(deliveryRequests.id, request.id))
      if ((await moveItem({ status: move.to })).length === 0)
        throw new DomainError('BAD_TRANSITION', ALREADY_ANSWERED)
      // The pickup and delivery codes, and the recipient's link to theirs (decision 034).
      await issueHandoffs(tx, {
        itemId: item.id,
        requestId: request.id,
        deadline: locked.deliveryDeadline,
      })
      await queueRecipientMail(notifier.jobs, tx, locked, request.id)
      // The money is Tote's to hold from here (decision 038): the card to held, and no longer than
      // AUTO_REFUND_DAYS past the deadline should the item never arrive.
      await capturePayment(tx, paid.id)
      await scheduleAutoRefund(tx, notifier.jobs, money, {
        requestId: request.id,
        deadline: locked.deliveryDeadline,
      })
    } else {
      await tx
        .update(deliveryRequests)
        .set({ requestStatus: 'rejected', rejectReason: opts.reason || null })
        .where(eq(deliveryRequests.id, request.id))
      const moved = await moveItem({ status: move.to, currentRequestId: null })
      if (moved.length === 0) throw new DomainError('BAD_TRANSITION', ALREADY_ANSWERED)
      // Paid, then rejected: the money goes back.
      await releasePayments(tx, notifier.jobs, {
        requestIds: [request.id],
        reason: 'request_rejected',
        actorId: opts.senderId,
      })
    }
    await notify(
      tx,
      notifier,
      paymentId
        ? { kind: 'request_accepted', itemId: item.id, delivererId: opts.delivererId }
        : {
            kind: 'request_rejected',
            itemId: item.id,
            delivererId: opts.delivererId,
            reason: opts.reason || null,
          },
    )
    await audit(tx, {
      actorId: opts.senderId,
      action: opts.status === 'accepted' ? 'request.accept' : 'request.reject',
      targetType: 'delivery_request',
      targetId: request.id,
      reason: paymentId ? `payment ${paymentId}` : null,
    })
  })
  return item.id
}
