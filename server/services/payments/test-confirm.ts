import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { deliveryRequests, items, payments } from '../../db/schema'
import { DomainError } from '../../errors'
import { paymentStatus, SETTLED_STATES, type PaymentStatus } from './status'
import { CANNOT_PAY, PAYMENT_NOT_FOUND, payableRequest } from './requests'
import { testCardOutcome, type TestCard } from './test-provider'

const PAYMENT_UNAVAILABLE = 'This payment can no longer be completed'

/**
 * POST /api/test-payments/confirm: what Stripe does when the browser confirms a card, for the
 * built-in provider. Under the item's row lock (so it cannot race an admin choosing another
 * deliverer or the sender rejecting): a payment that already succeeded answers succeeded and is
 * never charged again; one that was let go, or whose request is no longer the one to pay, is a 409.
 */
export async function confirmTestPayment(
  db: Db,
  senderId: string,
  body: TestCard & { client_secret: string },
) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ payment: payments })
      .from(payments)
      .innerJoin(items, eq(items.id, payments.itemId))
      .where(
        and(
          eq(payments.clientSecret, body.client_secret),
          eq(payments.provider, 'test'),
          eq(items.senderId, senderId),
        ),
      )
    if (!found) throw new DomainError('PAYMENT_NOT_FOUND', PAYMENT_NOT_FOUND)
    const [item] = await tx
      .select()
      .from(items)
      .where(eq(items.id, found.payment.itemId))
      .for('update')
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.payment.id))
    // Read again under the item's lock; only a deletion since the join above could lose them.
    if (!item || !payment) throw new DomainError('PAYMENT_NOT_FOUND', PAYMENT_NOT_FOUND)
    if (payment.status === 'succeeded') return { status: 'succeeded' as const, error: null }
    if (SETTLED_STATES.includes(payment.status as PaymentStatus))
      throw new DomainError('BAD_TRANSITION', PAYMENT_UNAVAILABLE)
    if (item.currentRequestId !== payment.requestId)
      throw new DomainError('BAD_TRANSITION', CANNOT_PAY)
    const request = await payableRequest(tx, item, await delivererOf(tx, payment.requestId))
    if (request.id !== payment.requestId) throw new DomainError('BAD_TRANSITION', CANNOT_PAY)
    const outcome = testCardOutcome(body)
    await tx.update(payments).set(paymentStatus(outcome.status)).where(eq(payments.id, payment.id))
    return outcome
  })
}

async function delivererOf(db: Db, requestId: string): Promise<string> {
  const [row] = await db
    .select({ delivererId: deliveryRequests.delivererId })
    .from(deliveryRequests)
    .where(eq(deliveryRequests.id, requestId))
  if (!row) throw new DomainError('BAD_TRANSITION', CANNOT_PAY)
  return row.delivererId
}
