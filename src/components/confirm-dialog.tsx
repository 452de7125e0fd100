import { Button, Dialog, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { AppDialog } from './app-dialog'
import { ErrorAlert } from './form-alert'

interface ConfirmDialogProps {
  title: string
  /** What will happen, in the user's words. */
  children: ReactNode
  confirmLabel: string
  busy: boolean
  /** The failed attempt's error, shown above the buttons (the server's message first). */
  error: unknown
  errorFallback: string
  onConfirm: () => void
  onClose: () => void
}

/** "Are you sure?" before something that cannot be undone: an alertdialog, Cancel first. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  error,
  errorFallback,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <AppDialog title={title} role="alertdialog" open onClose={onClose}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{children}</Text>
          <ErrorAlert error={error} fallback={errorFallback} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="red" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  )
}
