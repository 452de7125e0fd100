import { Button, Dialog, Portal, Text } from '@chakra-ui/react'

/** Logging out deletes the outbox (shared devices), so unsent changes get a warning first. */
export function LogoutConfirm({
  pending,
  open,
  onCancel,
  onConfirm,
}: {
  pending: number
  open: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && onCancel()}
      lazyMount
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Unsent changes</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                You have {pending} unsent change{pending === 1 ? '' : 's'}. Log out anyway? They
                will be deleted.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                Log out
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
