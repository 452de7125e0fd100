import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Item } from '@contract/items'
import { ErrorAlert } from '@/components/form-alert'
import { formatPrice } from '@/lib/format'
import { StatusBadge } from '@/components/status-badge'
import { updateRequestStatus, useInvalidateItems } from './api'
import { Detail, DetailCard, DetailList } from './detail-card'
import { requestVisible, statusLabel } from './format'
import { PaymentDialog } from './payment-dialog'

/** SPEC.md section 4: the sender sees the request once both approvals are given. */
export function DeliveryRequestSection({ item }: { item: Item }) {
  const navigate = useNavigate()
  const invalidate = useInvalidateItems()
  const [paying, setPaying] = useState(false)
  const reject = useMutation({
    mutationFn: (delivererId: string) =>
      updateRequestStatus({ item_id: item.id, deliverer_id: delivererId, status: 'rejected' }),
    onSuccess: async () => {
      await invalidate()
      await navigate({ to: '/items' })
    },
  })

  const delivererId = item.deliverer_id ?? item.deliverer?.id ?? null
  if (!requestVisible(item) || !delivererId || !item.request_status) {
    return (
      <DetailCard title="Delivery Request">
        <Text color="fg.muted">No delivery request yet</Text>
      </DetailCard>
    )
  }

  return (
    <DetailCard title="Delivery Request">
      <Stack gap="4">
        <DetailList>
          <Detail label="Deliverer">{item.deliverer?.name ?? 'Unknown deliverer'}</Detail>
          <Detail label="Offer price">
            {formatPrice(item.deliverer_price ?? item.sender_price)}
          </Detail>
          <Detail label="Request status">
            <StatusBadge value={item.request_status} label={statusLabel} />
          </Detail>
        </DetailList>
        {item.request_status === 'pending' && (
          <Stack gap="3" borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle">
            <Text>
              {item.deliverer?.name ?? 'A deliverer'} wants to deliver this item. Accepting asks you
              to pay the offer price by card.
            </Text>
            <ErrorAlert error={reject.error} fallback="Request failed" />
            <HStack gap="2">
              <Button
                colorPalette="brand"
                onClick={() => setPaying(true)}
                disabled={reject.isPending}
              >
                Accept
              </Button>
              <Button
                variant="outline"
                colorPalette="red"
                loading={reject.isPending}
                onClick={() => reject.mutate(delivererId)}
              >
                Reject
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
      <PaymentDialog
        open={paying}
        itemId={item.id}
        delivererId={delivererId}
        onClose={() => setPaying(false)}
      />
    </DetailCard>
  )
}
