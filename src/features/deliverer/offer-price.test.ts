import { describe, expect, it } from 'vitest'
import { priceToSend, sanitiseOfferPrice } from './offer-price'

describe('offer price rules', () => {
  it('keeps digits and one decimal point, truncating to two decimals', () => {
    expect(sanitiseOfferPrice('12')).toBe('12')
    expect(sanitiseOfferPrice('12.')).toBe('12.')
    expect(sanitiseOfferPrice('12.345')).toBe('12.34')
    expect(sanitiseOfferPrice('0.999')).toBe('0.99')
  })

  it('clears negative and non-numeric input', () => {
    expect(sanitiseOfferPrice('-5')).toBe('')
    expect(sanitiseOfferPrice('abc')).toBe('')
    expect(sanitiseOfferPrice('-')).toBe('')
  })

  it('keeps the valid prefix of what was typed or pasted', () => {
    expect(sanitiseOfferPrice('12a')).toBe('12')
    expect(sanitiseOfferPrice('1.2.3')).toBe('1.2')
    expect(sanitiseOfferPrice('7,50')).toBe('7.50')
    expect(sanitiseOfferPrice('5-')).toBe('5')
    expect(sanitiseOfferPrice(' 8.5 ')).toBe('8.5')
  })

  it("sends the sender's price when the offer is empty", () => {
    expect(priceToSend('', 25)).toBe(25)
    expect(priceToSend('19.99', 25)).toBe(19.99)
    expect(priceToSend('.', 25)).toBe(25)
  })
})
