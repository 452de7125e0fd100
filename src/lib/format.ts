import type { Location } from '@contract/items'

/**
 * Made on first use: building the five formatters when this module loaded took ~15 ms of every
 * signed-in start (~60 ms on a phone), most of it for formats the page does not show.
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

const usd = lazily(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }))
const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  lazily(() => new Intl.DateTimeFormat('en-US', options))
const mediumDate = dateFormat({ dateStyle: 'medium' })
const longDate = dateFormat({ dateStyle: 'long' })
const longDateTime = dateFormat({ dateStyle: 'long', timeStyle: 'short' })
const mediumDateTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' })

/** Formats a date with `format`; a value that is not a date is shown as sent. */
const dated = (format: () => Intl.DateTimeFormat, value: string) => {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : format().format(date)
}

/** An amount in any currency ('usd', 'EUR'); an unknown currency code is shown after the number. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount)
  } catch {
    return `${amount} ${currency}`
  }
}

/** docs/spec.md section 9: USD with a $ prefix; '—' when there is no amount. */
export function formatPrice(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : usd().format(value)
}

/** docs/spec.md section 9: dates in en-US format, e.g. 'Dec 5, 2026'. */
export const formatDate = (iso: string) => dated(mediumDate, iso)

/** docs/spec.md section 2: a deadline as a long date, e.g. 'December 5, 2026'. */
export const formatLongDate = (iso: string) => dated(longDate, iso)

/** A long date with the time, e.g. 'December 5, 2026 at 3:00 PM'. */
export const formatLongDateTime = (iso: string) => dated(longDateTime, iso)

/** A date with the time, e.g. 'Dec 5, 2026, 3:00 PM'; '—' when there is none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dated(mediumDateTime, value) : '—'
}

/** Coordinates to 5 decimals (about a metre), as the map picker shows them. */
export const formatCoordinates = (lat: number, lng: number) =>
  `${lat.toFixed(5)}, ${lng.toFixed(5)}`

/** The place's address, else its coordinates. */
export function formatPlace(place: Location): string {
  return place.address || formatCoordinates(place.lat, place.lng)
}

export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/** 'ready_to_pickup' -> 'Ready to pickup', for statuses, approvals, roles and audit actions. */
export function humanize(value: string): string {
  return capitalise(value.replace(/[_-]+/g, ' ').trim())
}
