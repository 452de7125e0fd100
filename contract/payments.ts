import { z } from 'zod'
import { uuidOf } from './ids'
import { envelope } from './envelope'

/** POST /api/create-payment-intent. The amount is the server's; a client-sent amount is ignored. */
export const createPaymentIntentBody = z.object({
  item_id: uuidOf('item'),
  deliverer_id: uuidOf('deliverer'),
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
const paymentConfirmation = z.object({
  status: z.enum(['succeeded', 'requires_payment_method', 'processing']),
  /** The decline reason when it did not succeed, as Stripe words it. */
  error: z.string().nullable(),
})
export const testConfirmAnswer = envelope(paymentConfirmation)

/** The most a sender can write to a deliverer when rejecting their request. */
const REJECT_REASON_MAX = 500
const REASON_ONLY_ON_REJECT = 'A reason can only be given when rejecting'

export const updateRequestStatusBody = z
  .object({
    item_id: uuidOf('item'),
    deliverer_id: uuidOf('deliverer'),
    status: z.enum(['accepted', 'rejected'], { error: 'Status must be accepted or rejected' }),
    /** Optional, rejecting only: shown to the rejected deliverer (and to nobody else but admins). */
    reason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(REJECT_REASON_MAX, `Reason must be at most ${REJECT_REASON_MAX} characters`)
      .optional(),
  })
  .refine((body) => !body.reason || body.status === 'rejected', {
    path: ['reason'],
    message: REASON_ONLY_ON_REJECT,
  })
export type UpdateRequestStatusBody = z.input<typeof updateRequestStatusBody>
export const updatePaymentStatusBody = z.object({ item_id: uuidOf('item') })

/**
 * A receipt of a payment the sender made (listed on /payment-method): succeeded, or refunded
 * (refund_pending while the card network has not confirmed it yet).
 */
const receipt = z.object({
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
