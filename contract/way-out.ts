import { z } from 'zod'
import { uuidOf } from './ids'

// The way out before pickup (docs/decisions/042-way-out-before-pickup.md): the sender cancels an
// accepted item, or its deliverer withdraws; either says why, the other side is told, the sender
// is refunded in full.

/** The most either side can write when leaving a delivery before pickup. */
export const WAY_OUT_REASON_MAX = 500

export const wayOutMessages = {
  reasonRequired: 'Please say why: the other side is told',
  reasonTooLong: `Reason must be at most ${WAY_OUT_REASON_MAX} characters`,
  /** Cancelling after pickup, or withdrawing from something that is not yours to carry now. */
  notBeforePickup: 'Only possible until the item is picked up',
} as const

const reason = z
  .string({ error: 'Reason must be text' })
  .trim()
  .max(WAY_OUT_REASON_MAX, wayOutMessages.reasonTooLong)

/**
 * POST /api/cancel-item: the spec's `{ item_id }`, plus a reason, which an accepted item needs
 * (its deliverer is told); a pending one may go without.
 */
export const cancelItemBody = z.object({ item_id: uuidOf('item'), reason: reason.optional() })
export type CancelItemBody = z.input<typeof cancelItemBody>

/** POST /api/withdraw-delivery: the accepted deliverer gives the item back before pickup. */
export const withdrawDeliveryBody = z.object({
  item_id: uuidOf('item'),
  reason: reason.min(1, wayOutMessages.reasonRequired),
})
export type WithdrawDeliveryBody = z.input<typeof withdrawDeliveryBody>
