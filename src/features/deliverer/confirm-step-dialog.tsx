import { Button, Dialog, Text } from '@chakra-ui/react'
import { AppDialog } from '@/components/app-dialog'

/** A handoff cannot be undone from the app, so each one is confirmed before it is sent. */
export function ConfirmStepDialog({
  title,
  text,
  confirmLabel,
  open,
  onCancel,
  onConfirm,
}: {
  title: string
  text: string
  confirmLabel: string
  open: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <AppDialog
      title={title}
      open={open}
      onClose={onCancel}
      role="alertdialog"
      closeButton={false}
      size="md"
    >
      <Dialog.Body>
        <Text>{text}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button colorPalette="brand" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  )
}
