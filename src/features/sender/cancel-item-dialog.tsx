import { Button, Dialog, Stack, Text } from '@chakra-ui/react'
import type { Item } from '@contract/items'
import { allows } from '@contract/lifecycle'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert } from '@/components/form-alert'
import { useCancelItemMutation } from './api'

/** The lifecycle's cancel move (contract/lifecycle.ts): until a request is accepted. */
export const canCancel = (item: Item) => allows('cancel', 'sender', item)

export function CancelItemDialog({
  item,
  open,
  onClose,
}: {
  item: Item
  open: boolean
  onClose: () => void
}) {
  const cancel = useCancelItemMutation()
  return (
    <AppDialog
      title="Cancel this item?"
      open={open}
      onClose={onClose}
      role="alertdialog"
      closeButton={false}
      size="md"
    >
      <Dialog.Body>
        <Stack gap="3">
          <Text>{item.name} will no longer be offered to deliverers. This cannot be undone.</Text>
          <ErrorAlert error={cancel.error} fallback="Failed to cancel item" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Keep item
        </Button>
        <Button
          colorPalette="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(item.id, { onSuccess: onClose })}
        >
          Cancel item
        </Button>
      </Dialog.Footer>
    </AppDialog>
  )
}
