import { Button, Dialog } from '@chakra-ui/react'
import type { Item } from '@contract/items'
import { AppDialog } from '@/components/app-dialog'
import { InfoRequestArea } from '@/components/info-request-area'

/** The list's admin-information dialog (SPEC.md section 2): the detail page's area, one click away. */
export function AdminInfoDialog({ item, onClose }: { item: Item | null; onClose: () => void }) {
  return (
    <AppDialog
      title={`Admin information${item ? `: ${item.name}` : ''}`}
      open={item !== null}
      onClose={onClose}
      size={{ base: 'full', sm: 'lg' }}
    >
      <Dialog.Body>
        {item && (
          <InfoRequestArea
            item={item}
            party="sender"
            approvalPending={item.sending_approval === 'pending'}
          />
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </AppDialog>
  )
}
