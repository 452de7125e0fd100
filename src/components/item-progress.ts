import type { Item } from '@contract/items'
import type { ItemStatus } from '@contract/lifecycle'

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
 * The step a status itself reaches (null: the approvals decide). A Record, so a status added to
 * contract/lifecycle.ts does not compile until it has its place here.
 */
const stepOfStatus: Record<ItemStatus, number | null> = {
  pending: null,
  ready_to_pickup: 3,
  in_process: 4,
  delivered: 5,
  cancelled: null,
}

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
  const reached = stepOfStatus[item.status]
  if (reached !== null) current = reached
  else if (item.request_status === 'accepted') current = 3
  else if (item.sending_approval === 'approved' && item.delivery_approval === 'approved')
    current = 2
  else if (item.sending_approval === 'approved') current = 1
  return { current, stopped }
}
