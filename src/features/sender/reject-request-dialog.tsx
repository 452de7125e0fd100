import { Button, Dialog, Stack, Text } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert } from '@/components/form-alert'
import { ReasonField } from '@/components/reason-field'
import { updateRequestStatus, useInvalidateItems } from './api'

// contract/payments.ts REJECT_REASON_MAX, copied: importing it would pull zod into this chunk.
const REJECT_REASON_MAX = 500

interface RejectRequestDialogProps {
  open: boolean
  itemId: string
  delivererId: string
  delivererName: string
  onClose: () => void
}

/**
 * Rejecting cannot be undone (the deliverer is told and the item is open again), so it asks first
 * and lets the sender say why; then, as docs/spec.md section 4 says, it goes to /items.
 */
export function RejectRequestDialog({
  open,
  itemId,
  delivererId,
  delivererName,
  onClose,
}: RejectRequestDialogProps) {
  const navigate = useNavigate()
  const invalidate = useInvalidateItems()
  const [reason, setReason] = useState('')
  const reject = useMutation({
    mutationFn: () =>
      updateRequestStatus({
        item_id: itemId,
        deliverer_id: delivererId,
        status: 'rejected',
        ...(reason.trim() && { reason: reason.trim() }),
      }),
    onSuccess: async () => {
      await invalidate()
      await navigate({ to: '/items' })
    },
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!reject.isPending) reject.mutate()
  }

  return (
    <AppDialog
      title="Decline this offer?"
      open={open}
      onClose={() => {
        reject.reset()
        onClose()
      }}
      role="alertdialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Text>
              {delivererName} will see that you declined, and the item is offered to other
              deliverers again. This cannot be undone.
            </Text>
            <ErrorAlert error={reject.error} fallback="Request failed" />
            <ReasonField
              label="Reason (optional)"
              audience={`${delivererName} will see this.`}
              value={reason}
              max={REJECT_REASON_MAX}
              onChange={setReason}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose} disabled={reject.isPending}>
            Keep the offer
          </Button>
          <Button type="submit" colorPalette="red" loading={reject.isPending}>
            Decline offer
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  )
}
