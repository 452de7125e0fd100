import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { fileMessages } from '@contract/files'
import type { Item } from '@contract/items'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { formatPrice } from '@/lib/format'
import { delivererItemQueryOptions, useUpdateDeliveryStatusMutation } from './api'
import { ActionSection, ItemFacts, ItemHeading } from './detail-parts'
import { FileField } from './file-field'

export const DELIVERY_PROOF_LABEL = 'Proof of delivery (PDF, JPEG or PNG, max 2 MB)'

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
      {item.isPending && <Text role="status">Loading item details...</Text>}
      {item.data && <DeliveryDetail item={item.data} />}
    </Stack>
  )
}

function DeliveryDetail({ item }: { item: Item }) {
  return (
    <Stack gap="5">
      <ItemHeading item={item} />
      {item.deliverer_price !== null && (
        <Text>Your price: {formatPrice(item.deliverer_price)}</Text>
      )}
      <ItemFacts item={item} />
      <DeliveryActions item={item} />
    </Stack>
  )
}

/** DESIGN.md lifecycle 6: picked up (in_process), then delivered with a proof of delivery. */
function DeliveryActions({ item }: { item: Item }) {
  const update = useUpdateDeliveryStatusMutation()
  const [proof, setProof] = useState<File | null>(null)
  const [proofError, setProofError] = useState<string | null>(null)
  if (item.status !== 'ready_to_pickup' && item.status !== 'in_process') return null

  return (
    <ActionSection id="actions-heading" title="Update delivery">
      <ErrorAlert error={update.error} fallback="Failed to update delivery status" />
      {update.isSuccess && (
        <FormAlert status="success">{update.data.message || 'Delivery updated'}</FormAlert>
      )}
      {item.status === 'ready_to_pickup' && (
        <HStack>
          <Button
            colorPalette="brand"
            loading={update.isPending}
            onClick={() => update.mutate({ itemId: item.id, status: 'in_process' })}
          >
            Mark picked up
          </Button>
        </HStack>
      )}
      {item.status === 'in_process' && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (!proof) return setProofError(fileMessages.deliveryMissing)
            update.mutate({ itemId: item.id, status: 'delivered', proof })
          }}
        >
          <Stack gap="3">
            <FileField
              label={DELIVERY_PROOF_LABEL}
              missingMessage={fileMessages.deliveryMissing}
              file={proof}
              error={proofError}
              onChange={(next, problem) => {
                setProof(next)
                setProofError(problem)
              }}
            />
            <HStack>
              <Button
                type="submit"
                colorPalette="brand"
                disabled={!proof}
                loading={update.isPending}
              >
                Mark delivered
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </ActionSection>
  )
}
