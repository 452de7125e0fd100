import { Box, Button, Grid, Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import type { Item } from '@contract/items'
import { PendingStatus } from '@/components/pending-status'
import { DocumentViewer } from '@/components/document-viewer'
import { FormAlert } from '@/components/form-alert'
import { InfoRequestArea } from '@/components/info-request-area'
import { ItemProgressTracker } from '@/components/progress-tracker'
import { useOpenedOnce } from '@/lib/use-opened-once'
import { itemQueryOptions } from './api'
import { CancelItemDialog, canCancel } from './cancel-item-dialog'
import { DeliveryRequestSection } from './delivery-request-section'
import { DisputeSection } from './dispute-section'
import { hasHandoffCodes } from './format'
import { HandoffCodesSection } from './handoff-codes-section'
import { HandoffTimeline } from './handoff-timeline'
import { BasicInfo, DeliveryInfo, Description, Specifications } from './item-sections'
import { ItemSummary } from './item-summary'
import { SenderNextStep } from './next-step'
import { PaymentSuccessNotice } from './payment-success'
import { photosEditable, useManagePhotos } from './manage-photos'

// Loaded on first open: the edit form's rules (the contract's item schemas, and zod with them)
// are not part of the item page's start (decision 054).
const EditItemDialog = lazy(() =>
  import('./edit-item-dialog').then((m) => ({ default: m.EditItemDialog })),
)

/** docs/spec.md section 8: the edit success message shows for 3 s. */
const SAVED_MESSAGE_MS = 3000

/** `rating`: the delivered next step's rating action, composed by the route (see SenderNextStep). */
export function ItemDetails({
  id,
  rating,
}: {
  id: string
  rating?: (delivererName: string) => ReactNode
}) {
  const item = useQuery(itemQueryOptions(id))
  if (item.isPending) {
    return (
      <PendingStatus paused={item.isPaused} spinner>
        Loading item details...
      </PendingStatus>
    )
  }
  // docs/spec.md section 8: one wording for every failure here, a 404 included.
  const failed = <FormAlert status="error">Failed to load item details</FormAlert>
  if (!item.data) return failed
  // A failed refetch keeps the last data (e.g. saved on this device): show it under the banner.
  return (
    <>
      {item.isError && failed}
      <ItemDetailsView item={item.data} rating={rating} />
    </>
  )
}

function ItemDetailsView({
  item,
  rating,
}: {
  item: Item
  rating?: (delivererName: string) => ReactNode
}) {
  const [dialog, setDialog] = useState<'edit' | 'cancel' | 'proof' | null>(null)
  const [saved, setSaved] = useState(false)
  useEffect(() => {
    if (!saved) return
    const timer = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [saved])
  const close = () => setDialog(null)
  const editOpened = useOpenedOnce(dialog === 'edit')
  const photos = useManagePhotos(item)
  const openInfoRequest = item.sending_approval === 'pending'

  const actions = (
    <>
      {item.sending_approval === 'pending' && (
        <Button size="sm" colorPalette="brand" onClick={() => setDialog('edit')}>
          Edit item
        </Button>
      )}
      {item.proof_of_delivery && (
        <Button size="sm" variant="outline" onClick={() => setDialog('proof')}>
          View proof of delivery
        </Button>
      )}
      {canCancel(item) && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('cancel')}>
          {item.request_status === 'accepted' ? 'Cancel delivery' : 'Cancel item'}
        </Button>
      )}
    </>
  )

  return (
    <Stack gap="4">
      {saved && <FormAlert status="success">Item updated successfully</FormAlert>}
      <PaymentSuccessNotice />
      <SenderNextStep item={item} rating={rating} />
      {/* An open request is part of the next step; an answered or lapsed one is history. */}
      {openInfoRequest && <InfoRequestArea item={item} party="sender" approvalPending />}
      {/* High on the page: the sender opens it at the handoff to show the pickup code. */}
      {hasHandoffCodes(item) && <HandoffCodesSection item={item} />}
      <ItemSummary
        item={item}
        actions={actions}
        {...(photosEditable(item) && {
          onRemovePhoto: photos.onRemove,
          photoControls: photos.controls,
        })}
      />
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
        <ItemProgressTracker item={item} />
      </Box>
      {item.timeline && <HandoffTimeline timeline={item.timeline} />}
      {!openInfoRequest && <InfoRequestArea item={item} party="sender" approvalPending={false} />}
      <DisputeSection item={item} />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <BasicInfo item={item} />
        <Specifications item={item} />
        <Description item={item} />
        <DeliveryInfo item={item} />
      </Grid>
      <DeliveryRequestSection item={item} />
      {editOpened && (
        <Suspense>
          <EditItemDialog
            item={item}
            open={dialog === 'edit'}
            onClose={close}
            onSaved={() => {
              close()
              setSaved(true)
            }}
          />
        </Suspense>
      )}
      <CancelItemDialog item={item} open={dialog === 'cancel'} onClose={close} />
      <DocumentViewer
        filePath={item.proof_of_delivery}
        title="Proof of delivery"
        open={dialog === 'proof'}
        onClose={close}
      />
    </Stack>
  )
}
