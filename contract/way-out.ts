import { z } from 'zod'
import { uuidOf } from './ids'
import { WAY_OUT_REASON_MAX, wayOutMessages } from './way-out-policy'

// The way out before pickup (docs/decisions/042-way-out-before-pickup.md): the sender cancels an
// accepted item, or its deliverer withdraws; either says why, the other side is told, the sender
// is refunded in full.

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
