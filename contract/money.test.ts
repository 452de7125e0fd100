import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { agreedPriceCents, fromCents, MAX_PRICE, platformFeeCents, releaseSplit } from './money'

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

describe('platformFeeCents', () => {
  it('takes the percent of what was paid, half a cent rounded up', () => {
    expect(platformFeeCents(2500, 10)).toBe(250)
    // 10% of $0.55 is 5.5 cents: rounded up to 6; of $0.54, 5.4 cents: down to 5.
    expect(platformFeeCents(55, 10)).toBe(6)
    expect(platformFeeCents(54, 10)).toBe(5)
    expect(platformFeeCents(45, 10)).toBe(5)
    // 12.5% of $1.00 is 12.5 cents: 13. A binary 0.125 * 100 would not decide this.
    expect(platformFeeCents(100, 12.5)).toBe(13)
    expect(platformFeeCents(0, 10)).toBe(0)
    expect(platformFeeCents(2137, 0)).toBe(0)
    expect(platformFeeCents(2137, 100)).toBe(2137)
  })

  it('refuses fractions of a cent, negative amounts and percents outside 0..100', () => {
    expect(() => platformFeeCents(10.5, 10)).toThrow(RangeError)
    expect(() => platformFeeCents(-1, 10)).toThrow(RangeError)
    expect(() => platformFeeCents(100, 101)).toThrow(RangeError)
    expect(() => platformFeeCents(100, -1)).toThrow(RangeError)
  })

  it('matches exact half-up rounding for every amount and two-decimal percent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PRICE * 100 }),
        fc.integer({ min: 0, max: 10_000 }),
        (paid, basisPoints) => {
          const fee = platformFeeCents(paid, basisPoints / 100)
          // Exact in BigInt: fee = floor(paid * bp / 10000 + 1/2).
          const exact = (BigInt(paid) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n
          expect(BigInt(fee)).toBe(exact)
          const split = releaseSplit(paid, basisPoints / 100)
          expect(split.fee + split.net).toBe(paid)
          expect(split.net).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})
