import { describe, expect, it } from 'vitest'
import { sanitisePriceInput } from './price-input'

describe('price input', () => {
  it('keeps digits and one decimal point, truncating to two decimals', () => {
    expect(sanitisePriceInput('12')).toBe('12')
    expect(sanitisePriceInput('12.')).toBe('12.')
    expect(sanitisePriceInput('12.345')).toBe('12.34')
    expect(sanitisePriceInput('0.999')).toBe('0.99')
  })

  it('clears negative and non-numeric input', () => {
    expect(sanitisePriceInput('-5')).toBe('')
    expect(sanitisePriceInput('abc')).toBe('')
    expect(sanitisePriceInput('-')).toBe('')
  })

  it('keeps the valid prefix of what was typed or pasted', () => {
    expect(sanitisePriceInput('12a')).toBe('12')
    expect(sanitisePriceInput('1.2.3')).toBe('1.2')
    expect(sanitisePriceInput('7,50')).toBe('7.50')
    expect(sanitisePriceInput('5-')).toBe('5')
    expect(sanitisePriceInput(' 8.5 ')).toBe('8.5')
  })
})
