import type { Item } from '@contract/items'

/** docs/spec.md section 4: requested if their id is in requested_by or request_status is accepted. */
export function isRequestedBy(item: Item, userId: string | undefined): boolean {
  return (
    (userId !== undefined && item.requested_by.includes(userId)) ||
    item.request_status === 'accepted'
  )
}
