import { Button, HStack, Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Item } from '@contract/items'
import { ErrorAlert } from '@/components/form-alert'
import { ItemProgressTracker } from '@/components/progress-tracker'
import { RouteMap } from '@/components/route-map'
import { delivererItemQueryOptions } from './api'
import { DeliveryActions } from './delivery-actions'
import { DeliveryFacts } from './delivery-facts'
import { useLocalSteps } from './delivery-steps'
import { ItemFacts, ItemHeading } from './detail-parts'
import { WithdrawSection } from './withdraw-section'
import { PendingStatus } from '@/components/pending-status'

export function DeliveryDetailPage({ id }: { id: string }) {
  const item = useQuery(delivererItemQueryOptions(id))
  return (
    <Stack gap="5">
      <HStack>
        <Button asChild variant="outline" size="sm">
          <Link to="/my-deliveries">Back to My Deliveries</Link>
        </Button>
      </HStack>
      <ErrorAlert error={item.error} fallback="Failed to load item details" />
      {item.isPending && (
        <PendingStatus paused={item.isPaused}>Loading item details...</PendingStatus>
      )}
      {item.data && <DeliveryDetail item={item.data} />}
    </Stack>
  )
}

/** The job first (addresses, deadline, pay, next action), then the route and the package. */
function DeliveryDetail({ item }: { item: Item }) {
  // A step proven by a signed code counts on this device before the server has it (decision 036).
  const { status } = useLocalSteps(item)
  const seen = status === item.status ? item : { ...item, status }
  return (
    <Stack gap="5">
      <ItemHeading item={seen} />
      <ItemProgressTracker item={seen} />
      <DeliveryFacts item={item} />
      <DeliveryActions item={item} />
      <WithdrawSection item={item} status={status} />
      <RouteMap from={item.from_location} to={item.to_location} label={`Route of ${item.name}`} />
      <ItemFacts item={item} route={false} />
    </Stack>
  )
}
