import { sql } from 'drizzle-orm'
import { payments } from '../../db/schema'
import type { IntentStatus } from './provider'

/**
 * A payments row's status: the intent's, or ours once money goes back (Stripe keeps saying
 * 'succeeded' for a refunded intent, so a refund must never be overwritten by a refresh).
 */
export type PaymentStatus = IntentStatus | 'refund_pending' | 'refunded'
export const REFUND_STATES: readonly PaymentStatus[] = ['refund_pending', 'refunded']
/** Statuses whose payment no longer holds the request: a new intent may be made. */
export const SETTLED_STATES: readonly PaymentStatus[] = ['canceled', ...REFUND_STATES]

/** The fields that move a payments row to `status` (and stamp paid_at the first time it succeeds). */
export const paymentStatus = (status: PaymentStatus) => ({
  status,
  ...(status === 'succeeded' ? { paidAt: sql`coalesce(${payments.paidAt}, now())` } : {}),
})
