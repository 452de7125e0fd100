import type { Location } from '@contract/items'

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })
const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** SPEC.md section 2: the deadline as a long US-format date, e.g. 'December 5, 2026'. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date)
}

export function formatShortDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : shortDate.format(date)
}

/** SPEC.md section 9: USD with a $ prefix. */
export function formatUsd(amount: number): string {
  return usd.format(amount)
}

export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/** 'ready_to_pickup' -> 'Ready to pickup'. */
export function statusLabel(status: string): string {
  return capitalise(status.replaceAll('_', ' '))
}

export function placeText(location: Location): string {
  return location.address || `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}`
}
