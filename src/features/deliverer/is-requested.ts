import type { Item } from '@contract/items'

/** docs/spec.md section 4: requested if their id is in requested_by or request_status is accepted. */
export function isRequestedBy(item: Item, userId: string | undefined): boolean {
  return (
    (userId !== undefined && item.requested_by.includes(userId)) ||
    item.request_status === 'accepted'
  )
}

/**
 * The sender declined this deliverer's latest request (decision 043): the server lists them in
 * rejected_deliverer and no longer in requested_by. Shown as 'Declined' everywhere.
 */
export function isDeclinedFor(item: Item, userId: string | undefined): boolean {
  return (
    userId !== undefined &&
    !isRequestedBy(item, userId) &&
    item.rejected_deliverer.some((r) => r.id === userId)
  )
}

/** Still taking offers: approved for sending, pending, before its deadline, nobody accepted. */
export function isOpenForOffers(item: Item, now = Date.now()): boolean {
  return (
    item.sending_approval === 'approved' &&
    item.status === 'pending' &&
    item.request_status !== 'accepted' &&
    new Date(item.delivery_deadline).getTime() > now
  )
}
