/**
 * SPEC.md section 5: only digits and one decimal point with up to two decimals; negative or
 * non-numeric input is cleared; more decimals are truncated (never rounded).
 */
export function sanitiseOfferPrice(raw: string): string {
  const value = raw.trim()
  if (value === '' || value.startsWith('-')) return ''
  if (!/^\d*\.?\d*$/.test(value)) return ''
  const [whole = '', decimals] = value.split('.')
  return decimals === undefined ? whole : `${whole}.${decimals.slice(0, 2)}`
}

/** The price to send: the offer when it is a number of at least 0, else the sender's price. */
export function priceToSend(offer: string, senderPrice: number): number {
  const value = Number.parseFloat(offer)
  if (offer === '' || Number.isNaN(value) || value < 0) return senderPrice
  return Math.trunc(value * 100 + 1e-6) / 100
}
