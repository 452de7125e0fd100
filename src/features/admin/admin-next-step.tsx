import { Text } from '@chakra-ui/react'
import { itemStage, stageLabels, type ItemStage } from '@contract/item-stage'
import { NextStepCard } from '@/components/next-step-card'
import type { AdminItemDetail } from './items-api'

/**
 * Whose turn it is on an item under review (issue 29), first on the admin's review page: the
 * admin's (sending, or a delivery request, waits for their decision) or someone else's.
 */
export function AdminNextStep({ detail }: { detail: AdminItemDetail }) {
  const { item, requests } = detail
  const stage = itemStage(item)
  const waiting = requests.filter(
    (r) => r.delivery_approval === 'pending' && r.request_status === 'pending',
  )
  if (stage === 'awaiting_review')
    return (
      <NextStepCard turn="yours" title="Review this item">
        <Text>Approve sending below, reject it, or ask the sender for more information.</Text>
      </NextStepCard>
    )
  if (waiting.length > 0 && item.status === 'pending')
    return (
      <NextStepCard
        turn="yours"
        title={
          waiting.length === 1
            ? `Review ${waiting[0]!.deliverer.name}'s delivery request`
            : `Review ${waiting.length} delivery requests`
        }
      >
        <Text>Check the proof of travel under Delivery requests, then approve or reject.</Text>
      </NextStepCard>
    )
  const whose: Record<ItemStage, string> = {
    awaiting_review: 'Waiting for your review',
    not_approved: 'Nobody: sending was not approved',
    open_for_offers: 'Waiting for a deliverer',
    offer_received: 'Waiting for the sender',
    paid: 'Waiting for the deliverer to pick it up',
    on_its_way: 'Waiting for the deliverer to deliver it',
    delivered: 'Nobody: delivered',
    cancelled: 'Nobody: cancelled',
  }
  const done = stage === 'delivered'
  const stopped = stage === 'cancelled' || stage === 'not_approved'
  return (
    <NextStepCard
      turn={done ? 'done' : stopped ? 'stopped' : 'theirs'}
      waitingFor={whose[stage]}
      title={stageLabels[stage]}
    />
  )
}
