import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { agreedPriceCents, fromCents, MAX_PRICE } from './money'

/** A price as the database answers it: a numeric(12,2) string. */
const storedPrice = fc
  .integer({ min: 0, max: MAX_PRICE * 100 })
  .map((cents) => ({ cents, text: (cents / 100).toFixed(2) }))

describe('agreedPriceCents', () => {
  it('is the offer when there is one, else the sender price, in whole cents', () => {
    expect(agreedPriceCents('33.50', '25.00')).toBe(3350)
    expect(agreedPriceCents(null, '25.00')).toBe(2500)
    expect(agreedPriceCents(undefined, 40.12)).toBe(4012)
    expect(agreedPriceCents('0.00', '25.00')).toBe(0)
    // 0.29 * 100 is 28.999999999999996 in binary floating point.
    expect(agreedPriceCents(0.29, 1)).toBe(29)
  })

  it('answers the stored cents exactly for every price the API takes', () => {
    fc.assert(
      fc.property(fc.option(storedPrice, { nil: null }), storedPrice, (offer, sender) => {
        const cents = agreedPriceCents(offer?.text ?? null, sender.text)
        expect(Number.isInteger(cents)).toBe(true)
        expect(cents).toBe(offer ? offer.cents : sender.cents)
        // Back to the currency unit for JSON and to cents again without drift.
        expect(agreedPriceCents(fromCents(cents), 0)).toBe(cents)
      }),
    )
  })
})
