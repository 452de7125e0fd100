import { Button, Dialog } from '@chakra-ui/react'
import type { Item } from '@contract/items'
import { AppDialog } from './app-dialog'
import { InfoRequestArea } from './info-request-area'

/**
 * The lists' admin-information dialog (docs/spec.md section 2: the sender's items and the deliverer's
 * dashboard): the detail page's area, one click away. Each party answers while their own
 * approval is pending.
 */
export function AdminInfoDialog({
  item,
  party,
  onClose,
}: {
  item: Item | null
  party: 'sender' | 'deliverer'
  onClose: () => void
}) {
  const approvalPending =
    party === 'sender'
      ? item?.sending_approval === 'pending'
      : item?.delivery_approval === 'pending'
  return (
    <AppDialog
      title={`Admin information${item ? `: ${item.name}` : ''}`}
      open={item !== null}
      onClose={onClose}
      size="lg"
    >
      <Dialog.Body>
        {item && <InfoRequestArea item={item} party={party} approvalPending={approvalPending} />}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </AppDialog>
  )
}
