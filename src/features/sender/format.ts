import type { Item, ItemStatus, Location } from '@contract/items'
import { apiFailure, failureMessage } from '@/lib/api-client'
import { ServerRefusal } from './api'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** SPEC.md section 9: USD with a $ prefix. */
export function formatPrice(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : usd.format(value)
}

/** SPEC.md section 9: dates in en-US format; the deadline in the long form. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })
}

export function formatShortDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleDateString('en-US', { dateStyle: 'medium' })
}

/** SPEC.md section 4: the sender's pages spell in_process as 'in-process'. */
export function statusLabel(status: ItemStatus | string): string {
  if (status === 'in_process') return 'in-process'
  return status.replace(/_/g, ' ')
}

export const statusPalette: Record<string, string> = {
  pending: 'yellow',
  ready_to_pickup: 'blue',
  in_process: 'purple',
  delivered: 'green',
  cancelled: 'red',
  approved: 'green',
  accepted: 'green',
  rejected: 'red',
}

export function locationLabel(location: Location): string {
  return location.address ?? `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}`
}

/** SPEC.md section 2: the current request counts once it is approved and waiting for the sender. */
export function delivererCount(item: Item): number {
  return item.delivery_approval === 'approved' && item.request_status === 'pending' ? 1 : 0
}

/** SPEC.md section 4: the sender sees the request only once both approvals are given. */
export function requestVisible(item: Item): boolean {
  return item.delivery_approval === 'approved' && item.sending_approval === 'approved'
}

/** An API failure's server message, a thrown message (e.g. an unsuccessful intent), else fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (apiFailure(error)) return failureMessage(error, fallback)
  return error instanceof ServerRefusal && error.message ? error.message : fallback
}
