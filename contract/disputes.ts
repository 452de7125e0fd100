import { z } from 'zod'
import { envelope } from './envelope'
import { uuidOf } from './ids'
import { MAX_PRICE, truncateToCents } from './money'
import { DISPUTE_REASON_MAX, disputeMessages } from './dispute-rules'

// Disputes and refunds at any time (docs/decisions/040-disputes-and-refunds.md). Amounts are in
// dollars like every amount of the API; the server works in whole cents.

const reason = z
  .string({ error: disputeMessages.reasonMissing })
  .trim()
  .min(1, disputeMessages.reasonMissing)
  .max(DISPUTE_REASON_MAX, disputeMessages.reasonTooLong)

/** POST /api/items/{id}/dispute: JSON `{ reason }`, or multipart `reason` and an optional `file`. */
export const disputeFields = z.object({ reason })

/** A positive amount in dollars, more than two decimals cut off (docs/spec.md section 9). */
const amount = z
  .number({ error: 'Amount must be a number' })
  .max(MAX_PRICE, 'Amount must be at most 1,000,000')
  .transform(truncateToCents)
  .refine((a) => a >= 0.01, disputeMessages.amountInvalid)

const disputeOutcomes = ['release', 'refund'] as const
export type DisputeOutcome = (typeof disputeOutcomes)[number]

/** POST /api/admin/disputes/{item_id}/resolve. */
export const resolveDisputeBody = z
  .object({
    outcome: z.enum(disputeOutcomes, { error: 'Outcome must be release or refund' }),
    /** Required for `refund` (0 < amount ≤ what is left to refund); none for `release`. */
    refund_amount: amount.optional(),
    note: z.string().trim().min(1, 'Write a note for the record').max(2000),
  })
  .superRefine((b, ctx) => {
    if (b.outcome === 'refund' && b.refund_amount === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['refund_amount'],
        message: 'A refund needs an amount',
      })
    if (b.outcome === 'release' && b.refund_amount !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['refund_amount'],
        message: 'A release refunds nothing: leave the amount out',
      })
  })

export const disputeItemParams = z.object({ item_id: uuidOf('item') })

/** POST /api/admin/refunds (audited). */
export const adminRefundBody = z.object({
  item_id: uuidOf('item'),
  amount,
  reason: z.string().trim().min(1, 'Give a reason for the record').max(1000),
})

const disputeFile = z.object({
  /** Whose file: the sender's (the dispute's own) or the deliverer's (proof of delivery, pickup photo). */
  side: z.enum(['sender', 'deliverer']),
  kind: z.enum(['dispute_file', 'proof_of_delivery', 'pickup_photo']),
  url: z.string(),
})

const timelineStep = z.object({
  step: z.string(),
  at: z.string(),
})

const disputeView = z.object({
  item_id: z.string(),
  item_name: z.string(),
  sender: z.object({ id: z.string(), name: z.string() }),
  deliverer: z.object({ id: z.string(), name: z.string() }),
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  opened_at: z.string(),
  /** When the hold would have ended: the release waits while the dispute is open. */
  release_at: z.string().nullable(),
  /** What the sender paid, what was refunded so far and what is left to refund (dollars). */
  paid: z.number(),
  refunded: z.number(),
  refundable: z.number(),
  files: z.array(disputeFile),
  /** Accepted, picked up, delivered, disputed, resolved: oldest first. */
  timeline: z.array(timelineStep),
  outcome: z.enum(disputeOutcomes).nullable(),
  refund_amount: z.number().nullable(),
  note: z.string().nullable(),
  resolved_at: z.string().nullable(),
})
export type DisputeView = z.infer<typeof disputeView>

/** GET /api/admin/disputes?status=open|resolved|all (open by default): oldest first. */
export const disputesQuery = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
})
export const disputesAnswer = envelope(z.object({ disputes: z.array(disputeView) }))
export const disputeAnswer = envelope(z.object({ dispute: disputeView }))

/**
 * GET /api/items/{id}/dispute (the item's sender): whether they may report a problem now
 * (delivered, money held, the hold not ended), until when, and their dispute if they opened one.
 */
export const senderDisputeAnswer = envelope(
  z.object({
    can_open: z.boolean(),
    window_ends_at: z.string().nullable(),
    dispute: z
      .object({
        status: z.enum(['open', 'resolved']),
        reason: z.string(),
        opened_at: z.string(),
        outcome: z.enum(disputeOutcomes).nullable(),
        refund_amount: z.number().nullable(),
        note: z.string().nullable(),
        resolved_at: z.string().nullable(),
      })
      .nullable(),
  }),
)
export type SenderDispute = z.infer<typeof senderDisputeAnswer>['data']

/** What POST /api/items/{id}/dispute answers the sender. */
export const openedDisputeAnswer = envelope(
  z.object({
    dispute: z.object({ item_id: z.string(), status: z.literal('open'), opened_at: z.string() }),
  }),
)

const refundView = z.object({
  id: z.string(),
  item_id: z.string(),
  amount: z.number(),
  status: z.string(),
  /** Whether the deliverer's released share was taken back for it. */
  after_release: z.boolean(),
  /** What is left to refund on the item after this one. */
  refundable: z.number(),
})
export const adminRefundAnswer = envelope(z.object({ refund: refundView }))

/** GET /api/admin/balances: deliverers whose ledger balance is below zero (refunds after release). */
export const balancesAnswer = envelope(
  z.object({
    balances: z.array(
      z.object({
        user_id: z.string(),
        name: z.string(),
        email: z.string(),
        /** Signed dollars: negative, recovered from their next earnings. */
        balance: z.number(),
      }),
    ),
  }),
)
