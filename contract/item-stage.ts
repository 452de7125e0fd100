// The words people read for where an item is (issue 29, docs/design.md "Words for where an item
// is"): one vocabulary for every screen, badge and mail, derived from the lifecycle's fields. The
// raw statuses stay what the API answers; nobody reads "pending" on a screen any more. Free of
// zod: the PWA's first load and the service worker import it.

import type { Approval, ItemStatus } from './lifecycle'

export type ItemStage =
  | 'awaiting_review'
  | 'not_approved'
  | 'open_for_offers'
  | 'offer_received'
  | 'paid'
  | 'on_its_way'
  | 'delivered'
  | 'cancelled'

export const stageLabels: Record<ItemStage, string> = {
  awaiting_review: 'Awaiting review',
  not_approved: 'Not approved',
  open_for_offers: 'Open for offers',
  offer_received: 'Offer received',
  paid: 'Paid — awaiting pickup',
  on_its_way: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

/**
 * The words for a raw status where only the status is known (a filter, a count by status): the
 * stage each status is in once it is past the approvals; `pending` covers the three stages before
 * payment, so it reads "Not yet paid".
 */
export const statusLabels: Record<ItemStatus, string> = {
  pending: 'Not yet paid',
  ready_to_pickup: stageLabels.paid,
  in_process: stageLabels.on_its_way,
  delivered: stageLabels.delivered,
  cancelled: stageLabels.cancelled,
}

/** An approval (sending, or a request's delivery approval) in words. */
export const approvalLabels: Record<Approval, string> = {
  pending: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Not approved',
}

/** A delivery request's own state, as its deliverer and the sender read it. */
export const requestLabels = {
  pending: 'Awaiting answer',
  accepted: 'Accepted',
  rejected: 'Declined',
} as const

interface StageFields {
  status: ItemStatus
  sending_approval: Approval
  delivery_approval: Approval | null
  request_status: 'pending' | 'accepted' | 'rejected' | null
}

/**
 * Where an item is, from any viewer's copy of it: a deliverer who does not carry the item sees no
 * request fields, so for them an item with someone else's offer is simply open for offers.
 */
export function itemStage(item: StageFields): ItemStage {
  switch (item.status) {
    case 'cancelled':
      return 'cancelled'
    case 'delivered':
      return 'delivered'
    case 'in_process':
      return 'on_its_way'
    case 'ready_to_pickup':
      return 'paid'
    case 'pending':
      if (item.sending_approval === 'pending') return 'awaiting_review'
      if (item.sending_approval === 'rejected') return 'not_approved'
      return item.delivery_approval === 'approved' && item.request_status === 'pending'
        ? 'offer_received'
        : 'open_for_offers'
  }
}
