import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Item } from '@contract/items'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { NextStepCard } from '@/components/next-step-card'
import { ItemProgressTracker } from '@/components/progress-tracker'
import { RouteMap } from '@/components/route-map'
import { delivererItemQueryOptions } from './api'
import { DeliveryActions } from './delivery-actions'
import { DeliveryFacts } from './delivery-facts'
import { useLocalSteps } from './delivery-steps'
import { ItemFacts, ItemHeading } from './detail-parts'
import { WithdrawSection } from './withdraw-section'
import { PendingStatus } from '@/components/pending-status'

/**
 * `earning`: what the deliverer earns for this delivery and when it is paid, shown once it is
 * delivered (composed by the route from the payment-method feature); `rating`: the delivered
 * card's rating action for the sender's name ("Rate Sam", or the stars given), from the ratings
 * feature likewise.
 */
export function DeliveryDetailPage({
  id,
  earning,
  rating,
}: {
  id: string
  earning?: ReactNode
  rating?: (senderName: string) => ReactNode
}) {
  const item = useQuery(delivererItemQueryOptions(id))
  return (
    <Stack gap="5">
      <HStack>
        <Button asChild variant="outline" size="sm">
          <Link to="/my-deliveries">Back to my deliveries</Link>
        </Button>
      </HStack>
      <ErrorAlert error={item.error} fallback="Failed to load item details" />
      {item.isPending && (
        <PendingStatus paused={item.isPaused}>Loading item details...</PendingStatus>
      )}
      {item.data && <DeliveryDetail item={item.data} earning={earning} rating={rating} />}
    </Stack>
  )
}

/** The next step first, then the job (addresses, deadline, pay), the route and the package. */
function DeliveryDetail({
  item,
  earning,
  rating,
}: {
  item: Item
  earning: ReactNode
  rating?: (senderName: string) => ReactNode
}) {
  // A step proven by a signed code counts on this device before the server has it (decision 036).
  const local = useLocalSteps(item)
  const { status } = local
  const seen = status === item.status ? item : { ...item, status }
  return (
    <Stack gap="5">
      <ItemHeading item={seen} />
      {/* Delivered as Tote knows it; a delivery this device made offline keeps its note below. */}
      {item.status === 'delivered' ? (
        <NextStepCard
          turn="done"
          title="Delivered"
          // Only the accepted deliverer (the one answered `unread_messages`) rates the sender.
          actions={
            item.unread_messages !== undefined && rating?.(item.pickup?.sender_name ?? 'the sender')
          }
        >
          {/* A delivery proven offline and confirmed since keeps its note (decision 036). */}
          {local.delivery?.state === 'confirmed' && (
            <FormAlert status="success">Delivered: Tote confirmed the code.</FormAlert>
          )}
          <Text>You handed it over. Thank you!</Text>
          {earning}
        </NextStepCard>
      ) : item.status === 'cancelled' ? (
        <NextStepCard turn="stopped" title="This delivery was cancelled" />
      ) : (
        <DeliveryActions item={item} />
      )}
      <ItemProgressTracker item={seen} />
      <DeliveryFacts item={item} />
      <WithdrawSection item={item} status={status} />
      <RouteMap from={item.from_location} to={item.to_location} label={`Route of ${item.name}`} />
      <ItemFacts item={item} route={false} />
    </Stack>
  )
}
