import { agreedPriceCents, fromCents, truncateToCents } from '@contract/money'

/** The price to send: the offer when it is a number of at least 0, else the sender's price. */
export function priceToSend(offer: string, senderPrice: number): number {
  const value = Number.parseFloat(offer)
  const valid = offer !== '' && !Number.isNaN(value) && value >= 0
  return fromCents(agreedPriceCents(valid ? truncateToCents(value) : null, senderPrice))
}
