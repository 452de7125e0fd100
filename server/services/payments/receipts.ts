import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Receipt } from '../../../contract/payments'
import type { Db } from '../../db/client'
import { deliveryRequests, items, payments, refunds, users } from '../../db/schema'
import { fromCents } from '../../../contract/money'
import type { PaymentStatus } from './status'

/** Payments where money moved: paid, or paid and (being) sent back. */
const CHARGED: PaymentStatus[] = ['succeeded', 'refund_pending', 'refunded']

/** GET /api/receipts: what the sender paid, newest first, with what went back. */
export async function receiptsOf(db: Db, senderId: string): Promise<Receipt[]> {
  const rows = await db
    .select({
      payment: payments,
      // A payment may have several refunds (partial ones, decision 040): their sum, and when the
      // last went through once all did.
      refundedCents: sql<string | null>`(select sum(${refunds.amountCents}) from ${refunds}
        where ${refunds.paymentId} = ${payments.id})`,
      refundedAt: sql<
        Date | string | null
      >`(select case when bool_and(${refunds.status} = 'succeeded')
        then max(${refunds.updatedAt}) end from ${refunds} where ${refunds.paymentId} = ${payments.id})`,
      itemName: items.name,
      delivererName: users.name,
    })
    .from(payments)
    .innerJoin(items, eq(items.id, payments.itemId))
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, payments.requestId))
    .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
    .where(sql`${eq(items.senderId, senderId)} and ${inArray(payments.status, CHARGED)}`)
    .orderBy(desc(payments.createdAt), desc(payments.id))
  return rows.map((r) => ({
    id: r.payment.id,
    item_id: r.payment.itemId,
    item_name: r.itemName,
    deliverer_name: r.delivererName,
    amount: fromCents(r.payment.amountCents),
    currency: r.payment.currency,
    status: r.payment.status as Receipt['status'],
    paid_at: (r.payment.paidAt ?? r.payment.updatedAt).toISOString(),
    refunded_amount: fromCents(Number(r.refundedCents ?? 0)),
    refunded_at: r.refundedAt ? new Date(r.refundedAt).toISOString() : null,
  }))
}
