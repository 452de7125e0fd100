import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { Item } from '@contract/items'
import { InfoRequestArea } from '@/components/info-request-area'

/** The list's admin-information dialog (SPEC.md section 2): the detail page's area, one click away. */
export function AdminInfoDialog({ item, onClose }: { item: Item | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={item !== null}
      onOpenChange={(d) => !d.open && onClose()}
      size={{ base: 'full', sm: 'lg' }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Admin information{item ? `: ${item.name}` : ''}</Dialog.Title>
            </Dialog.Header>
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
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
