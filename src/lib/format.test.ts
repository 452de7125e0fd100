import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatCoordinates,
  formatDateTime,
  formatLongDate,
  formatLongDateTime,
  formatMoney,
  formatPlace,
  formatPrice,
  humanize,
} from './format'

describe('format', () => {
  it('shows prices in US dollars, and a dash when there is none', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50')
    expect(formatPrice(0)).toBe('$0.00')
    expect(formatPrice(null)).toBe('—')
    expect(formatMoney(12.5, 'eur')).toBe('€12.50')
    expect(formatMoney(12.5, 'e')).toBe('12.5 e')
  })

  it('shows dates in en-US and leaves a value that is not a date as sent', () => {
    const at = new Date(2026, 11, 5, 15, 0).toISOString()
    expect(formatDate(at)).toBe('Dec 5, 2026')
    expect(formatLongDate(at)).toBe('December 5, 2026')
    expect(formatLongDateTime(at)).toMatch(/^December 5, 2026 at 3:00\sPM$/)
    expect(formatDateTime(at)).toMatch(/^Dec 5, 2026, 3:00\sPM$/)
    expect(formatDateTime(null)).toBe('—')
    expect(formatDate('soon')).toBe('soon')
  })

  it('shows a place by its address, else by its coordinates', () => {
    expect(formatPlace({ lat: 52.52, lng: 13.405, address: 'Berlin' })).toBe('Berlin')
    expect(formatPlace({ lat: 52.52, lng: 13.405, address: '' })).toBe('52.52000, 13.40500')
    expect(formatCoordinates(-33.868821, 151.209296)).toBe('-33.86882, 151.20930')
  })

  it('turns codes into words', () => {
    expect(humanize('ready_to_pickup')).toBe('Ready to pickup')
    expect(humanize('sending-approval')).toBe('Sending approval')
  })
})
