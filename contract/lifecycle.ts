// The item lifecycle, once (docs/decisions/030-lifecycle-table.md): the statuses, who may move an
// item from which status to which on which event, and the guards each move needs. The server puts
// a move's `from` into its conditional UPDATE; the PWA shows the actions this allows. Free of zod:
// the PWA's first load and the service worker import it.

import { HANDOFF_CODE_REQUIRED } from './handoff-policy'

export const itemStatuses = [
  'pending',
  'ready_to_pickup',
  'in_process',
  'delivered',
  'cancelled',
] as const
export type ItemStatus = (typeof itemStatuses)[number]

export const approvals = ['pending', 'approved', 'rejected'] as const
export type Approval = (typeof approvals)[number]

export const requestStatuses = ['pending', 'accepted', 'rejected'] as const
type RequestStatus = (typeof requestStatuses)[number]

export type LifecycleRole = 'sender' | 'deliverer' | 'admin'

/**
 * What the guards look at: the item's fields as the contract Item answers them (so the PWA passes
 * an item as it is). The server builds it from the item row and the request in question.
 */
export interface LifecycleContext {
  status: ItemStatus
  sending_approval: Approval
  /** Of the item's current request; null while there is none (or the viewer may not see it). */
  delivery_approval: Approval | null
  request_status: RequestStatus | null
  /**
   * A deliverer's pick-up or delivery only: whether the call carries a handoff code the server
   * verified, an admin waived the code for this step (the sender's phone is dead), or neither.
   * Left out (the PWA deciding which buttons to show), the guard lets the move through.
   */
  handoff?: 'verified' | 'waived' | 'missing'
}

/** Named predicates a transition needs besides its `from` status; add one here, name it below. */
export const guards = {
  /** An admin approved sending and the current request, which waits for the sender's answer. */
  awaits_sender: (c: LifecycleContext) =>
    c.sending_approval === 'approved' &&
    c.delivery_approval === 'approved' &&
    c.request_status === 'pending',
  /** No request is accepted yet (after that the item is paid for and on its way). */
  not_accepted: (c: LifecycleContext) => c.request_status !== 'accepted',
  /** The current request is accepted: its deliverer carries the item. */
  carried: (c: LifecycleContext) => c.request_status === 'accepted',
  /** The handoff is proven by a code or an admin's waiver (when HANDOFF_CODE_REQUIRED; decision 034). */
  handoff_proven: (c: LifecycleContext) => !HANDOFF_CODE_REQUIRED || c.handoff !== 'missing',
} satisfies Record<string, (c: LifecycleContext) => boolean>
type GuardName = keyof typeof guards

export const lifecycleEvents = [
  'accept',
  'reject',
  'cancel',
  'withdraw',
  'pick_up',
  'deliver',
] as const
export type LifecycleEvent = (typeof lifecycleEvents)[number]

export interface Transition {
  event: LifecycleEvent
  role: LifecycleRole
  from: ItemStatus
  to: ItemStatus
  guards: readonly GuardName[]
  /** The item's timestamp column the move sets (picked_up_at, delivered_at), if any. */
  stamp?: 'picked_up_at' | 'delivered_at'
}

/**
 * Every move of an item. Rejecting leaves the item pending (the request is rejected and the item
 * open again); it is here because it is the other answer to the same question as accepting.
 */
export const transitions: readonly Transition[] = [
  {
    event: 'accept',
    role: 'sender',
    from: 'pending',
    to: 'ready_to_pickup',
    guards: ['awaits_sender'],
  },
  { event: 'reject', role: 'sender', from: 'pending', to: 'pending', guards: ['awaits_sender'] },
  { event: 'cancel', role: 'sender', from: 'pending', to: 'cancelled', guards: ['not_accepted'] },
  // The way out before pickup (decision 042): the sender cancels an accepted item and is refunded
  // in full, or its deliverer withdraws and the item is open for offers again. Not after pickup:
  // then only a dispute or an admin's refund moves money back.
  {
    event: 'cancel',
    role: 'sender',
    from: 'ready_to_pickup',
    to: 'cancelled',
    guards: ['carried'],
  },
  {
    event: 'withdraw',
    role: 'deliverer',
    from: 'ready_to_pickup',
    to: 'pending',
    guards: ['carried'],
  },
  {
    event: 'pick_up',
    role: 'deliverer',
    from: 'ready_to_pickup',
    to: 'in_process',
    guards: ['carried', 'handoff_proven'],
    stamp: 'picked_up_at',
  },
  {
    event: 'deliver',
    role: 'deliverer',
    from: 'in_process',
    to: 'delivered',
    guards: ['carried', 'handoff_proven'],
    stamp: 'delivered_at',
  },
]

export type Decision =
  | { ok: true; transition: Transition }
  /** role: nobody of this role makes this move; status: not from this status; else the failed guard. */
  | { ok: false; refused: 'role' | 'status' | GuardName }

/** Whether `role` may make `event` happen to an item in `context`, and if so the move. */
export function decide(
  event: LifecycleEvent,
  role: LifecycleRole,
  context: LifecycleContext,
): Decision {
  const theirs = transitions.filter((t) => t.event === event && t.role === role)
  if (theirs.length === 0) return { ok: false, refused: 'role' }
  const transition = theirs.find((t) => t.from === context.status)
  if (!transition) return { ok: false, refused: 'status' }
  const failed = transition.guards.find((g) => !guards[g](context))
  return failed ? { ok: false, refused: failed } : { ok: true, transition }
}

/** The events `role` may make happen now, in the table's order: the actions a screen offers. */
export const allowedEvents = (role: LifecycleRole, context: LifecycleContext) =>
  lifecycleEvents.filter((event) => decide(event, role, context).ok)

export const allows = (event: LifecycleEvent, role: LifecycleRole, context: LifecycleContext) =>
  decide(event, role, context).ok

/**
 * Not anyone's move, so not a row of `transitions`: the auto-refund job cancels an accepted item
 * still on its way AUTO_REFUND_DAYS after its deadline, and refunds its sender (decision 038).
 */
export const expiry = {
  from: ['ready_to_pickup', 'in_process'] as const satisfies readonly ItemStatus[],
  to: 'cancelled' as const satisfies ItemStatus,
}
