import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import type { Item } from '@contract/items'
import { ErrorAlert } from '@/components/form-alert'
import { InfoRequestArea } from '@/components/info-request-area'
import { ItemProgressTracker } from '@/components/progress-tracker'
import { ItemPhotoGallery } from '@/components/item-photos'
import { RouteMap } from '@/components/route-map'
import { QUEUED_WRITE_MESSAGE, waitingWrite } from '@/lib/outbox/queued-writes'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { RatingSummary } from '@/components/rating-summary'
import { formatPrice } from '@/lib/format'
import { useSession } from '@/lib/use-session'
import { delivererItemQueryOptions } from './api'
import { ConsentDialog } from './consent-dialog'
import { ActionSection, ItemFacts, ItemHeading } from './detail-parts'
import { FailurePopup } from './failure-popup'
import { FileField } from './file-field'
import { isDeclinedFor, isOpenForOffers, isRequestedBy } from './is-requested'
import { ItemNextStep } from './item-next-step'
import { RejectionNotice } from './rejection-notice'
import { TRAVEL_PROOF_LABEL } from './request-dialog'
import { useRequestFlow } from './use-request-flow'
import { PendingStatus } from '@/components/pending-status'

/**
 * Whether this deliverer's own request still awaits the admin's delivery approval. The item's
 * delivery_approval belongs to its current request, which is theirs only when deliverer_id is
 * theirs; a request that is not (yet) the current one has no approval, so it counts as pending.
 */
function ownApprovalPending(item: Item, userId: string | undefined): boolean {
  if (!userId) return false
  if (item.deliverer_id === userId) return item.delivery_approval === 'pending'
  return item.requested_by.includes(userId)
}

export function ItemDetailPage({ id }: { id: string }) {
  const router = useRouter()
  const item = useQuery(delivererItemQueryOptions(id))
  const userId = useSession()?.user.id

  return (
    <Stack gap="5">
      <HStack>
        <Button variant="outline" size="sm" onClick={() => router.history.back()}>
          Back
        </Button>
      </HStack>
      <ErrorAlert error={item.error} fallback="Failed to load item details" />
      {item.isPending && (
        <PendingStatus paused={item.isPaused}>Loading item details...</PendingStatus>
      )}
      {/* A failed refetch keeps the last data (e.g. saved on this device): show it under the banner. */}
      {item.data && <ItemDetail item={item.data} userId={userId} />}
    </Stack>
  )
}

function ItemDetail({ item, userId }: { item: Item; userId: string | undefined }) {
  const requested = isRequestedBy(item, userId)
  // Declined by the sender (decision 043): a new offer while the item is open, else nothing.
  const declined = isDeclinedFor(item, userId)
  const closedToMe = declined && !isOpenForOffers(item)
  const queued = waitingWrite(useOutbox().entries, 'request-item', item.id) !== null
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const flow = useRequestFlow({ onSent: () => setFile(null) })

  return (
    <Stack gap="5">
      <ItemHeading item={item} />
      <ItemNextStep item={item} userId={userId} />
      <ItemProgressTracker item={item} />
      <ItemPhotoGallery photos={item.photos} name={item.name} />
      <ItemFacts item={item} />
      <RouteMap from={item.from_location} to={item.to_location} label={`Route of ${item.name}`} />

      <ActionSection id="request-heading" title="Request to deliver">
        {/* As on the list's card: what the sender pays, which a request sends as the price here. */}
        <Text>
          <Text as="span" fontWeight="semibold">
            Sender price:{' '}
          </Text>
          {formatPrice(item.sender_price)}
        </Text>
        {item.sender_rating && (
          <Text>
            <Text as="span" fontWeight="semibold">
              Sender:{' '}
            </Text>
            <RatingSummary summary={item.sender_rating} />
          </Text>
        )}
        {declined && (
          <HStack>
            <Badge colorPalette="red" variant="subtle">
              Declined
            </Badge>
          </HStack>
        )}
        <RejectionNotice item={item} userId={userId} />
        {queued && (
          <Text fontWeight="semibold" color="orange.fg">
            {QUEUED_WRITE_MESSAGE}
          </Text>
        )}
        {!requested && !queued && !closedToMe && (
          <FileField
            label={TRAVEL_PROOF_LABEL}
            file={file}
            error={fileError}
            onChange={(next, problem) => {
              setFile(next)
              setFileError(problem)
            }}
          />
        )}
        {closedToMe ? (
          <Text color="fg.muted">This item no longer takes offers.</Text>
        ) : (
          <HStack>
            <Button
              colorPalette="brand"
              disabled={requested || queued || !file}
              // The offer input is hidden here (docs/spec.md section 5), so the sender's price is sent.
              onClick={() => file && flow.start({ item, file, offer: '' })}
            >
              {requested
                ? 'Requested'
                : queued
                  ? 'Queued'
                  : declined
                    ? 'Make a new offer'
                    : file
                      ? 'Request to deliver'
                      : 'Upload travel document to request'}
            </Button>
          </HStack>
        )}
      </ActionSection>

      <InfoRequestArea
        item={item}
        party="deliverer"
        approvalPending={ownApprovalPending(item, userId)}
      />

      <ConsentDialog
        open={flow.consentOpen}
        busy={flow.busy}
        onAccept={flow.accept}
        onCancel={flow.cancel}
      />
      <FailurePopup message={flow.failure} onClose={flow.closeFailure} />
    </Stack>
  )
}
