import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Item } from '@contract/items'
import { allowedEvents } from '@contract/lifecycle'
import { FormAlert } from '@/components/form-alert'
import { RatingSummary } from '@/components/rating-summary'
import { formatPrice } from '@/lib/format'
import { StatusBadge } from '@/components/status-badge'
import { deliverersQueryOptions } from './api'
import { Detail, DetailCard, DetailList } from './detail-card'
import { agreedPrice, requestVisible, statusLabel } from './format'
import { PaymentDialog } from './payment-dialog'
import { RejectRequestDialog } from './reject-request-dialog'

/** docs/spec.md section 7: deliverer names come from GET /api/get-all-deliverers. */
function useDelivererName(id: string, fallback: string | undefined) {
  const deliverers = useQuery(deliverersQueryOptions())
  const name = deliverers.data?.find((d) => d.id === id)?.name ?? fallback
  return { name, failed: deliverers.isError }
}

/** docs/spec.md section 4: the sender sees the request once both approvals are given. */
export function DeliveryRequestSection({ item }: { item: Item }) {
  const delivererId = item.deliverer_id ?? item.deliverer?.id ?? null
  if (!requestVisible(item) || !delivererId || !item.request_status) {
    return (
      <DetailCard title="Delivery Request">
        <Text color="fg.muted">No delivery request yet</Text>
      </DetailCard>
    )
  }
  return <CurrentRequest item={item} delivererId={delivererId} />
}

function CurrentRequest({ item, delivererId }: { item: Item; delivererId: string }) {
  const [dialog, setDialog] = useState<'pay' | 'reject' | null>(null)
  const deliverer = useDelivererName(delivererId, item.deliverer?.name)
  const close = () => setDialog(null)
  // The sender's answers the lifecycle allows now (contract/lifecycle.ts).
  const answers = allowedEvents('sender', item)
  const agreed = agreedPrice(item)
  return (
    <DetailCard title="Delivery Request">
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
            <StatusBadge value={item.request_status!} label={statusLabel} />
          </Detail>
        </DetailList>
        {(answers.includes('accept') || answers.includes('reject')) && (
          <Stack gap="3" borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle">
            <Text>
              {deliverer.name ?? 'A deliverer'} wants to deliver this item. Accepting asks you to
              pay the offer price by card.
            </Text>
            <HStack gap="2">
              {answers.includes('accept') && (
                <Button colorPalette="brand" onClick={() => setDialog('pay')}>
                  Accept
                </Button>
              )}
              {answers.includes('reject') && (
                <Button variant="outline" colorPalette="red" onClick={() => setDialog('reject')}>
                  Reject
                </Button>
              )}
            </HStack>
          </Stack>
        )}
      </Stack>
      <PaymentDialog
        open={dialog === 'pay'}
        itemId={item.id}
        itemName={item.name}
        delivererId={delivererId}
        onClose={close}
      />
      <RejectRequestDialog
        open={dialog === 'reject'}
        itemId={item.id}
        delivererId={delivererId}
        delivererName={deliverer.name ?? 'The deliverer'}
        onClose={close}
      />
    </DetailCard>
  )
}
