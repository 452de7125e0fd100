import { Button, Dialog, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { Item } from '@contract/items'
import { allows } from '@contract/lifecycle'
import { WAY_OUT_REASON_MAX, wayOutMessages } from '@contract/way-out-policy'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert } from '@/components/form-alert'
import { ReasonField } from '@/components/reason-field'
import { formatPrice } from '@/lib/format'
import { useCancelItemMutation } from './api'

/**
 * The lifecycle's cancel moves (contract/lifecycle.ts): until a request is accepted, and after
 * that until pickup (decision 042), when the deliverer is told why and the payment comes back.
 */
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
  const accepted = item.request_status === 'accepted'
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string>()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (cancel.isPending) return
    if (accepted && !reason.trim()) return setReasonError(wayOutMessages.reasonRequired)
    cancel.mutate(
      { item_id: item.id, ...(reason.trim() && { reason: reason.trim() }) },
      { onSuccess: onClose },
    )
  }

  const deliverer = item.deliverer?.name ?? 'The deliverer'
  return (
    <AppDialog
      title={accepted ? 'Cancel this delivery?' : 'Cancel this item?'}
      open={open}
      onClose={() => {
        cancel.reset()
        onClose()
      }}
      role="alertdialog"
      closeButton={false}
      size="md"
    >
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="3">
            {accepted ? (
              <Text>
                {deliverer} will not pick up {item.name}, and will be told why. Your payment
                {item.agreed_price != null && ` of ${formatPrice(item.agreed_price)}`} is refunded
                in full. This cannot be undone.
              </Text>
            ) : (
              <Text>
                {item.name} will no longer be offered to deliverers. This cannot be undone.
              </Text>
            )}
            <ErrorAlert error={cancel.error} fallback="Failed to cancel item" />
            {accepted && (
              <ReasonField
                label="Why are you cancelling?"
                audience={`${deliverer} will see this.`}
                value={reason}
                max={WAY_OUT_REASON_MAX}
                error={reasonError}
                required
                onChange={(next) => {
                  setReason(next)
                  setReasonError(undefined)
                }}
              />
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose} disabled={cancel.isPending}>
            {accepted ? 'Keep delivery' : 'Keep item'}
          </Button>
          <Button type="submit" colorPalette="red" loading={cancel.isPending}>
            {accepted ? 'Cancel delivery' : 'Cancel item'}
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  )
}
