import { describe, expect, it } from 'vitest'
import { priceToSend } from './offer-price'

describe('offer price rules', () => {
  it("sends the sender's price when the offer is empty", () => {
    expect(priceToSend('', 25)).toBe(25)
    expect(priceToSend('19.99', 25)).toBe(19.99)
    expect(priceToSend('.', 25)).toBe(25)
  })
})
