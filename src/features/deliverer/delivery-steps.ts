import { useMutationState } from '@tanstack/react-query'
import { SHORT_CODE } from '@contract/handoffs'
import type { Item } from '@contract/items'
import type { OutboxEntry } from '@/lib/db'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { deliveryStepMutationKey, type DeliveryStepInput } from './api'

// What this device knows of the deliverer's steps before the server does (decision 036): a step
// being sent or waiting in the outbox, refused when it arrived, or confirmed.

type StepStatus = 'in_process' | 'delivered'

export interface LocalStep {
  /** sending: the call is under way; waiting: kept in the outbox until the network is back. */
  state: 'sending' | 'waiting' | 'refused' | 'confirmed'
  /** Six digits: only the server can check them, so the step is not taken as done before it says. */
  short: boolean
  /** The server's refusal. */
  message: string | null
}

const isShort = (code: string | undefined) => code !== undefined && SHORT_CODE.test(code)

/** The newest outbox entry of the item's step, as the page shows it. */
function fromEntry(entry: OutboxEntry): LocalStep {
  const short = isShort(entry.fields.handoff_code)
  if (entry.status === 'failed') return { state: 'refused', short, message: entry.error }
  if (entry.status === 'sent') return { state: 'confirmed', short, message: null }
  return { state: 'waiting', short, message: null }
}

/** The item's local steps, and its status as the device sees it (a signed step counts at once). */
export function useLocalSteps(item: Item): {
  pickup: LocalStep | null
  delivery: LocalStep | null
  status: Item['status']
} {
  const { entries } = useOutbox()
  const sending = useMutationState({
    filters: { mutationKey: deliveryStepMutationKey(item.id), status: 'pending' },
    select: (mutation) => mutation.state.variables as DeliveryStepInput | undefined,
  })
  const stepOf = (status: StepStatus): LocalStep | null => {
    const pending = sending.find((input) => input?.status === status)
    if (pending)
      return { state: 'sending', short: isShort(pending.handoffCode ?? undefined), message: null }
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!
      if (
        entry.kind === 'update-delivery-status' &&
        entry.fields.item_id === item.id &&
        entry.fields.status === status
      )
        return fromEntry(entry)
    }
    return null
  }
  const pickup = stepOf('in_process')
  const delivery = stepOf('delivered')
  const counts = (step: LocalStep | null) =>
    step !== null && !step.short && (step.state === 'sending' || step.state === 'waiting')
  let status = item.status
  if (status === 'ready_to_pickup' && counts(pickup)) status = 'in_process'
  if (status === 'in_process' && counts(delivery)) status = 'delivered'
  return { pickup, delivery, status }
}
