// The limits and words the PWA shows without building the calls' zod schemas (a module's
// schemas are all built when it is first imported: decision 054). Disputes.

/** The longest reason a sender may give for a dispute. */
export const DISPUTE_REASON_MAX = 2000

export const disputeMessages = {
  reasonMissing: 'Tell us what went wrong',
  reasonTooLong: `At most ${DISPUTE_REASON_MAX} characters`,
  opened: 'Dispute opened: the payment is held until Tote has looked at it',
  resolved: 'Dispute resolved',
  refunded: 'Refund recorded',
  notDelivered: 'A problem can be reported once the item is delivered',
  windowClosed: 'The time to report a problem with this delivery has passed',
  alreadyDisputed: 'A problem was already reported for this item',
  notDisputed: 'This item has no dispute',
  alreadyResolved: 'This dispute was already resolved',
  nothingToRefund: 'Nothing is left to refund for this item',
  refundTooLarge: (left: number) => `At most $${left.toFixed(2)} is left to refund`,
  amountInvalid: 'Enter an amount of at least $0.01',
} as const
