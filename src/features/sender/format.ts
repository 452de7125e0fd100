import type { Item } from '@contract/items'
import { apiFailure, failureMessage } from '@/lib/api-failure'
import { ServerRefusal } from './api'

/** docs/spec.md section 2: the current request counts once it is approved and waiting for the sender. */
export function delivererCount(item: Item): number {
  return item.delivery_approval === 'approved' && item.request_status === 'pending' ? 1 : 0
}

/** docs/spec.md section 4: the sender sees the request only once both approvals are given. */
export function requestVisible(item: Item): boolean {
  return item.delivery_approval === 'approved' && item.sending_approval === 'approved'
}

/** An API failure's server message, a thrown message (e.g. an unsuccessful intent), else fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (apiFailure(error)) return failureMessage(error, fallback)
  return error instanceof ServerRefusal && error.message ? error.message : fallback
}

/** The price the sender and the deliverer settled on (what was paid), once a request is accepted. */
export function agreedPrice(item: Item): number | null {
  return item.agreed_price ?? null
}

/**
 * Whether the item has handoff codes for its sender (decision 034): a request was accepted (paid)
 * and the item was not cancelled since.
 */
export function hasHandoffCodes(item: Item): boolean {
  return (
    item.request_status === 'accepted' &&
    (item.status === 'ready_to_pickup' ||
      item.status === 'in_process' ||
      item.status === 'delivered')
  )
}
