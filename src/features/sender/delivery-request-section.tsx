import { Stack, Text } from '@chakra-ui/react'
import type { Item } from '@contract/items'
import { FormAlert } from '@/components/form-alert'
import { RatingSummary } from '@/components/rating-summary'
import { formatPrice } from '@/lib/format'
import { StatusBadge } from '@/components/status-badge'
import { Detail, DetailCard, DetailList } from './detail-card'
import { agreedPrice, requestVisible } from './format'
import { useDelivererName } from './use-deliverer-name'

/** docs/spec.md section 4: the sender sees the request once both approvals are given. */
export function DeliveryRequestSection({ item }: { item: Item }) {
  const delivererId = item.deliverer_id ?? item.deliverer?.id ?? null
  if (!requestVisible(item) || !delivererId || !item.request_status) {
    return (
      <DetailCard title="Delivery request">
        <Text color="fg.muted">No delivery request yet</Text>
      </DetailCard>
    )
  }
  return <CurrentRequest item={item} delivererId={delivererId} />
}

function CurrentRequest({ item, delivererId }: { item: Item; delivererId: string }) {
  const deliverer = useDelivererName(delivererId, item.deliverer?.name)
  const agreed = agreedPrice(item)
  return (
    <DetailCard title="Delivery request">
      <Stack gap="4">
        {deliverer.failed && (
          <FormAlert status="error">Failed to load deliverer information</FormAlert>
        )}
        <DetailList>
          <Detail label="Deliverer">{deliverer.name ?? 'Unknown deliverer'}</Detail>
          {item.deliverer_rating && (
            <Detail label="Deliverer's record">
              <RatingSummary summary={item.deliverer_rating} />
            </Detail>
          )}
          {agreed === null ? (
            <Detail label="Offer price">{formatPrice(item.deliverer_price)}</Detail>
          ) : (
            <Detail label="Agreed price">{formatPrice(agreed)}</Detail>
          )}
          <Detail label="Request status">
            <StatusBadge kind="request" value={item.request_status} />
          </Detail>
        </DetailList>
      </Stack>
    </DetailCard>
  )
}
