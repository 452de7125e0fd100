import { z } from 'zod'
import { envelope } from './envelope'

/** POST /api/create-payment-intent. The amount is the server's; a client-sent amount is ignored. */
export const createPaymentIntentBody = z.object({
  item_id: z.string().uuid('Unknown item'),
  deliverer_id: z.string().uuid('Unknown deliverer'),
  status: z.literal('accepted').default('accepted'),
})
export const createPaymentIntentAnswer = envelope(
  z.object({
    client_secret: z.string(),
    /** 'stripe' or 'test' (the built-in provider; the card dialog then shows 'Test mode'). */
    provider: z.enum(['stripe', 'test']),
    amount: z.number(),
    currency: z.string(),
  }),
)

/** POST /api/test-payments/confirm (only without Stripe keys). */
export const testConfirmBody = z.object({
  client_secret: z.string().min(1),
  card_number: z
    .string()
    .trim()
    .regex(/^[\d ]{12,23}$/, 'Enter a valid card number'),
  exp_month: z.coerce.number().int().min(1, 'Invalid expiry month').max(12, 'Invalid expiry month'),
  exp_year: z.coerce.number().int().min(0).max(9999),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter a valid CVC'),
})
export const paymentConfirmation = z.object({
  status: z.enum(['succeeded', 'requires_payment_method', 'processing']),
  /** The decline reason when it did not succeed, as Stripe words it. */
  error: z.string().nullable(),
})
export const testConfirmAnswer = envelope(paymentConfirmation)

export const updateRequestStatusBody = z.object({
  item_id: z.string().uuid('Unknown item'),
  deliverer_id: z.string().uuid('Unknown deliverer'),
  status: z.enum(['accepted', 'rejected'], { error: 'Status must be accepted or rejected' }),
})
export const updatePaymentStatusBody = z.object({ item_id: z.string().uuid('Unknown item') })

/**
 * A receipt of a payment the sender made (listed on /payment-method): succeeded, or refunded
 * (refund_pending while the card network has not confirmed it yet).
 */
export const receipt = z.object({
  id: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  deliverer_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['succeeded', 'refund_pending', 'refunded']),
  paid_at: z.string().nullable(),
  /** What went back to the card (0 when nothing did). */
  refunded_amount: z.number(),
  refunded_at: z.string().nullable(),
})
export type Receipt = z.infer<typeof receipt>
export const receiptsAnswer = envelope(z.array(receipt))
