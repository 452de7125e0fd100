import type { Item } from '@contract/items'

/** The steps of docs/design.md's item lifecycle a user follows, in order. */
export const progressSteps = [
  'Posted',
  'Approved',
  'Matched',
  'Paid',
  'Picked up',
  'Delivered',
] as const

export interface ItemProgress {
  /** The latest step reached (an index into progressSteps): done up to it, upcoming after it. */
  current: number
  /** Why the item will not move on from `current`, if it will not. */
  stopped: 'cancelled' | 'not_approved' | null
}

type ProgressFields = Pick<
  Item,
  'status' | 'sending_approval' | 'delivery_approval' | 'request_status'
>

/**
 * Where an item is in its lifecycle (docs/design.md): posted; sending approved by an admin; matched with
 * a deliverer whose request an admin approved; paid (the sender accepted, which needs the card
 * payment); picked up (in_process); delivered. Works on any viewer's copy of the item: a sender's,
 * an admin's, or a deliverer's (who sees the request fields only when the request is theirs).
 */
export function itemProgress(item: ProgressFields): ItemProgress {
  const stopped =
    item.status === 'cancelled'
      ? 'cancelled'
      : item.sending_approval === 'rejected'
        ? 'not_approved'
        : null
  let current = 0
  if (item.status === 'delivered') current = 5
  else if (item.status === 'in_process') current = 4
  else if (item.status === 'ready_to_pickup' || item.request_status === 'accepted') current = 3
  else if (item.sending_approval === 'approved' && item.delivery_approval === 'approved')
    current = 2
  else if (item.sending_approval === 'approved') current = 1
  return { current, stopped }
}
