// The way out before pickup's limits and words (docs/decisions/042-way-out-before-pickup.md),
// zod-free: the PWA's dialogs import them without pulling zod into their chunk.

/** The most either side can write when leaving a delivery before pickup. */
export const WAY_OUT_REASON_MAX = 500

export const wayOutMessages = {
  reasonRequired: 'Please say why: the other side is told',
  reasonTooLong: `Reason must be at most ${WAY_OUT_REASON_MAX} characters`,
  /** Withdrawing from an item already picked up. */
  notBeforePickup: 'Only possible until the item is picked up',
} as const
