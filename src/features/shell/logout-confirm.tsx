import { Button, Dialog, Text } from '@chakra-ui/react'
import { AppDialog } from '@/components/app-dialog'

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
    <AppDialog
      title="Unsent changes"
      open={open}
      onClose={onCancel}
      role="alertdialog"
      closeButton={false}
      closeOnInteractOutside={false}
      size="md"
    >
      <Dialog.Body>
        <Text>
          You have {pending} unsent change{pending === 1 ? '' : 's'}. Log out anyway? They will be
          deleted.
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
    </AppDialog>
  )
}
