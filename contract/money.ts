// Money rules shared by the PWA and the server (docs/spec.md section 9): prices are US dollars
// with at most two decimals; sums and comparisons are done in whole cents.

/**
 * More than two decimals are cut off, never rounded up (12.999 -> 12.99). The 1e-6 absorbs binary
 * representation: 0.29 * 100 is 28.999999999999996, which must stay 29 cents.
 */
export const truncateToCents = (amount: number) => Math.trunc(amount * 100 + 1e-6) / 100

/** A stored price (numeric columns arrive as strings) as whole cents. */
const toCents = (amount: string | number) => Math.round(Number(amount) * 100)

export const fromCents = (cents: number) => cents / 100

/** The highest price the API takes. */
export const MAX_PRICE = 1_000_000

/**
 * The price a sender pays for a request, in cents: the deliverer's offer if there is one, else the
 * item's sender price (docs/spec.md's price rule). The one place this is decided; the server writes
 * it on the request when the sender accepts (agreed_price_cents, decision 030) and reads it from there.
 */
export const agreedPriceCents = (
  offer: string | number | null | undefined,
  senderPrice: string | number,
) => toCents(offer ?? senderPrice)

/**
 * Tote's fee on a delivery, in cents: `percent` of what the sender finally paid (the agreed price
 * less refunds), rounded half-up to the cent (decision 038). `percent` has at most two decimals
 * (12.5 is 1250 basis points), so the sum stays in integers: no binary fraction decides a cent.
 */
export function platformFeeCents(paidCents: number, percent: number): number {
  if (!Number.isInteger(paidCents) || paidCents < 0)
    throw new RangeError(`paid cents must be a whole number >= 0, got ${paidCents}`)
  const basisPoints = Math.round(percent * 100)
  if (basisPoints < 0 || basisPoints > 10_000)
    throw new RangeError(`the fee must be between 0 and 100 percent, got ${percent}`)
  return Math.floor((paidCents * basisPoints + 5_000) / 10_000)
}

/** What a release moves out of the held money: Tote's fee and the deliverer's share (the rest). */
export function releaseSplit(paidCents: number, percent: number) {
  const fee = platformFeeCents(paidCents, percent)
  return { gross: paidCents, fee, net: paidCents - fee }
}
