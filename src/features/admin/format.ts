import type { Location } from '@contract/items'

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** SPEC.md section 9: dates in en-US format. Unparseable values are shown as sent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—'
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date)
}

export function formatDate(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date)
}

/** SPEC.md section 9: USD with a $ prefix. */
export function formatPrice(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : usd.format(value)
}

export function formatPlace(place: Location): string {
  return place.address || `${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}`
}

/** 'ready_to_pickup' -> 'Ready to pickup' for statuses, approvals and audit actions. */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
