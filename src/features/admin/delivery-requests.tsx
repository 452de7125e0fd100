import { Box, Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { failureMessage } from '@/lib/api-failure'
import { formatDateTime, formatPrice } from '@/lib/format'
import { StatusBadge } from '@/components/status-badge'
import { DecisionDialog } from './decision-dialog'
import { DetailList } from './detail-list'
import { useDeliveryApprovalMutation, type AdminItemDetail } from './items-api'
import { Empty } from './query-states'
import { SectionCard } from './section-card'

type DeliveryRequest = AdminItemDetail['requests'][number]
type Decision = 'approved' | 'rejected'
interface Pending {
  request: DeliveryRequest
  decision: Decision
}

interface DeliveryRequestsProps {
  itemId: string
  requests: DeliveryRequest[]
  onViewDocument: (filePath: string, title: string) => void
}

export function DeliveryRequests({ itemId, requests, onViewDocument }: DeliveryRequestsProps) {
  const mutation = useDeliveryApprovalMutation()
  const [pending, setPending] = useState<Pending | null>(null)
  const [done, setDone] = useState<string | null>(null)
  // docs/design.md lifecycle 4: one approved request at a time; the server refuses a second (409).
  const hasApproved = requests.some(
    (r) => r.delivery_approval === 'approved' && r.request_status !== 'rejected',
  )

  function open(request: DeliveryRequest, decision: Decision) {
    mutation.reset()
    setDone(null)
    setPending({ request, decision })
  }

  function confirm(reason: string | undefined) {
    if (!pending) return
    const { request, decision } = pending
    mutation.mutate(
      { item_id: itemId, deliverer_id: request.deliverer.id, decision, reason },
      {
        onSuccess: (answer) => {
          const verb = decision === 'approved' ? 'approved' : 'rejected'
          setDone(answer.message || `Delivery by ${request.deliverer.name} ${verb}`)
          setPending(null)
        },
      },
    )
  }

  return (
    <SectionCard title={`Delivery requests (${requests.length})`}>
      {done && (
        <Box mb="4">
          <FormAlert status="success">{done}</FormAlert>
        </Box>
      )}
      {requests.length === 0 ? (
        <Empty title="No delivery request yet" />
      ) : (
        <Stack as="ul" listStyle="none" gap="4">
          {requests.map((request) => (
            <Box as="li" key={request.id} borderWidth="1px" borderRadius="md" p="4">
              <Stack gap="3">
                <Text fontWeight="semibold">
                  {request.deliverer.name}{' '}
                  <Text as="span" fontWeight="normal" color="fg.muted">
                    ({request.deliverer.email})
                  </Text>
                </Text>
                <DetailList
                  entries={[
                    ['Offer price', formatPrice(request.deliverer_price)],
                    ['Requested', formatDateTime(request.created_at)],
                    [
                      'Request status',
                      <StatusBadge key="s" kind="request" value={request.request_status} />,
                    ],
                    [
                      'Delivery approval',
                      <StatusBadge key="a" kind="approval" value={request.delivery_approval} />,
                    ],
                    ['Accepted the terms', request.accept_privacy ? 'Yes' : 'No'],
                  ]}
                />
                <Stack direction="row" gap="3" wrap="wrap">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!request.proof_of_travel}
                    aria-label={`View proof of travel of ${request.deliverer.name}`}
                    onClick={() =>
                      request.proof_of_travel &&
                      onViewDocument(
                        request.proof_of_travel,
                        `Proof of travel: ${request.deliverer.name}`,
                      )
                    }
                  >
                    {request.proof_of_travel ? 'View proof of travel' : 'No proof of travel'}
                  </Button>
                  {request.request_status === 'pending' && (
                    <>
                      <Button
                        size="sm"
                        colorPalette="brand"
                        disabled={request.delivery_approval === 'approved' || hasApproved}
                        aria-label={`Approve delivery by ${request.deliverer.name}`}
                        onClick={() => open(request, 'approved')}
                      >
                        Approve delivery
                      </Button>
                      <Button
                        size="sm"
                        colorPalette="red"
                        variant="outline"
                        disabled={request.delivery_approval === 'rejected'}
                        aria-label={`Reject delivery by ${request.deliverer.name}`}
                        onClick={() => open(request, 'rejected')}
                      >
                        Reject delivery
                      </Button>
                    </>
                  )}
                </Stack>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {pending && (
        <DecisionDialog
          open
          action={pending.decision === 'approved' ? 'Approve delivery' : 'Reject delivery'}
          explanation={
            pending.decision === 'approved'
              ? `${pending.request.deliverer.name} becomes the item's deliverer; the sender is asked to accept and pay.`
              : `${pending.request.deliverer.name}'s request will not be shown to the sender.`
          }
          danger={pending.decision === 'rejected'}
          pending={mutation.isPending}
          error={
            mutation.isError
              ? failureMessage(mutation.error, 'Failed to update delivery approval')
              : null
          }
          onClose={() => setPending(null)}
          onConfirm={confirm}
        />
      )}
    </SectionCard>
  )
}
