import fc from 'fast-check'
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
  formatShortDay,
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

  it('writes dates and dollars exactly as Intl does (en-US), in any time zone', () => {
    const zone = process.env.TZ
    const intl = (options: Intl.DateTimeFormatOptions, iso: string) =>
      new Intl.DateTimeFormat('en-US', options).format(new Date(iso))
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham']) {
        process.env.TZ = tz
        fc.assert(
          fc.property(
            fc.date({
              min: new Date('0001-01-02T00:00:00Z'),
              max: new Date('9999-12-30T00:00:00Z'),
              noInvalidDate: true,
            }),
            (date) => {
              const iso = date.toISOString()
              expect(formatDate(iso)).toBe(intl({ dateStyle: 'medium' }, iso))
              expect(formatLongDate(iso)).toBe(intl({ dateStyle: 'long' }, iso))
              expect(formatDateTime(iso)).toBe(
                intl({ dateStyle: 'medium', timeStyle: 'short' }, iso),
              )
              expect(formatLongDateTime(iso)).toBe(
                intl({ dateStyle: 'long', timeStyle: 'short' }, iso),
              )
            },
          ),
          { numRuns: 300 },
        )
      }
    } finally {
      process.env.TZ = zone
    }
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10)
          expect(formatShortDay(day)).toBe(
            new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
              month: 'short',
              day: 'numeric',
              timeZone: 'UTC',
            }),
          )
        },
      ),
    )
    expect(formatShortDay('soon')).toBe('soon')
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    const amounts = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }).map((cents) => cents / 100),
      fc.double({ min: -1e16, max: 1e16, noNaN: true }),
      fc.constantFrom(-0, 0.005, 0.015, -0.005, 1.005, 999.995, -0.001, 1e15, Infinity),
    )
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatPrice(amount)).toBe(usd.format(amount))
        expect(formatMoney(amount, 'usd')).toBe(usd.format(amount))
      }),
      { numRuns: 2000 },
    )
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
