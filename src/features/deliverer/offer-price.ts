import { truncateToCents } from '@contract/money'

/**
 * docs/spec.md section 5: only digits and one decimal point with up to two decimals; negative or
 * non-numeric input is cleared; more decimals are truncated (never rounded). Anything else keeps
 * the valid prefix of what was typed, so a stray key ('12a') drops only itself, and a minus sign
 * clears the field rather than being dropped ('-5' never becomes 5).
 */
export function sanitiseOfferPrice(raw: string): string {
  // A decimal comma (as typed in much of Europe) is read as the decimal point.
  const value = raw.trim().replace(',', '.')
  if (value.startsWith('-')) return ''
  return /^\d*(?:\.\d{0,2})?/.exec(value)?.[0] ?? ''
}

/** The price to send: the offer when it is a number of at least 0, else the sender's price. */
export function priceToSend(offer: string, senderPrice: number): number {
  const value = Number.parseFloat(offer)
  if (offer === '' || Number.isNaN(value) || value < 0) return senderPrice
  return truncateToCents(value)
}
