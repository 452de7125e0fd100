import type { Location } from '@contract/items'

/**
 * Dates and US dollars are written here rather than by `Intl`: the first `Intl` formatter a page
 * makes loads the browser's locale data, ~40 ms of a signed-in start (~160 ms on a phone) spent
 * before the first list can show a date (decision 052). The text is exactly what
 * `Intl.DateTimeFormat('en-US')` and `Intl.NumberFormat('en-US', USD)` write (format.test.ts
 * compares them on random values); other currencies, and years outside 1-9999, still use `Intl`.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

type DateStyle = 'medium' | 'long'

/** 'Dec 5, 2026' (medium) or 'December 5, 2026' (long), in the device's time zone. */
function dayText(date: Date, style: DateStyle): string {
  const month = MONTHS[date.getMonth()]!
  return `${style === 'medium' ? month.slice(0, 3) : month} ${date.getDate()}, ${date.getFullYear()}`
}

/** '3:04 PM' */
function timeText(date: Date): string {
  const hours = date.getHours()
  const minutes = String(date.getMinutes()).padStart(2, '0')
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
}

/** Formats a date; a value that is not a date is shown as sent. */
function dated(value: string, style: DateStyle, withTime: boolean): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  const year = date.getFullYear()
  if (year < 1 || year > 9999)
    return new Intl.DateTimeFormat('en-US', {
      dateStyle: style,
      ...(withTime ? { timeStyle: 'short' } : {}),
    }).format(date)
  if (!withTime) return dayText(date, style)
  return `${dayText(date, style)}${style === 'long' ? ' at' : ','} ${timeText(date)}`
}

const intlMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount)

/**
 * '$1,234.50', '-$0.50'. Rounded as `Intl` rounds: the number's shortest decimal text (what
 * `String` writes: 1.005, not the binary 1.00499…), half away from zero.
 */
function usdText(amount: number): string {
  const abs = Math.abs(amount)
  if (!Number.isFinite(amount) || abs >= 1e13) return intlMoney(amount, 'USD')
  // Below 1e-6 String() writes an exponent; such an amount is $0.00 anyway.
  const [whole = '0', fraction = ''] = (abs < 1e-6 ? '0' : String(abs)).split('.')
  const cents =
    Number(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1 : 0)
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',')
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : ''
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, '0')}`
}

/** An amount in any currency ('usd', 'EUR'); an unknown currency code is shown after the number. */
export function formatMoney(amount: number, currency: string): string {
  if (currency.toUpperCase() === 'USD') return usdText(amount)
  try {
    return intlMoney(amount, currency.toUpperCase())
  } catch {
    return `${amount} ${currency}`
  }
}

/** docs/spec.md section 9: USD with a $ prefix; '—' when there is no amount. */
export function formatPrice(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : usdText(value)
}

/** docs/spec.md section 9: dates in en-US format, e.g. 'Dec 5, 2026'. */
export const formatDate = (iso: string) => dated(iso, 'medium', false)

/** docs/spec.md section 2: a deadline as a long date, e.g. 'December 5, 2026'. */
export const formatLongDate = (iso: string) => dated(iso, 'long', false)

/** A long date with the time, e.g. 'December 5, 2026 at 3:00 PM'. */
export const formatLongDateTime = (iso: string) => dated(iso, 'long', true)

/** A date with the time, e.g. 'Dec 5, 2026, 3:00 PM'; '—' when there is none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dated(value, 'medium', true) : '—'
}

/** A calendar day ('2026-12-05', as the API sends days) as its month and day: 'Dec 5'. */
export function formatShortDay(day: string): string {
  const [, month, date] = /^\d{4}-(\d{2})-(\d{2})$/.exec(day) ?? []
  const name = MONTHS[Number(month) - 1]
  return name ? `${name.slice(0, 3)} ${Number(date)}` : day
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
