import { Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { Item } from '@contract/items'
import { allows } from '@contract/lifecycle'
import { WAY_OUT_REASON_MAX, wayOutMessages } from '@contract/way-out-policy'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert } from '@/components/form-alert'
import { ReasonField } from '@/components/reason-field'
import { toaster } from '@/components/ui/toaster'
import { useWithdrawMutation } from './api'
import { ActionSection } from './detail-parts'

/**
 * "Can't make it?": until pickup the accepted deliverer can give the item back, as the lifecycle
 * allows (contract/lifecycle.ts, withdraw). Not once this device has confirmed the pickup, even if
 * the server does not know yet (`status`: as this device sees it).
 */
export function WithdrawSection({ item, status }: { item: Item; status: Item['status'] }) {
  const [open, setOpen] = useState(false)
  if (!allows('withdraw', 'deliverer', { ...item, status })) return null
  return (
    <ActionSection id="withdraw-heading" title="Can't make it?">
      <Text>
        Until you pick it up, you can give the item back. The sender is refunded and told why.
      </Text>
      <HStack>
        <Button variant="outline" colorPalette="red" minH="11" onClick={() => setOpen(true)}>
          Give the item back
        </Button>
      </HStack>
      <WithdrawDialog item={item} open={open} onClose={() => setOpen(false)} />
    </ActionSection>
  )
}

/**
 * Giving an accepted item back before pickup (decision 042) cannot be undone and costs the sender
 * their deliverer, so it asks first and needs a reason, which the sender reads.
 */
function WithdrawDialog({
  item,
  open,
  onClose,
}: {
  item: Item
  open: boolean
  onClose: () => void
}) {
  const navigate = useNavigate()
  const withdraw = useWithdrawMutation()
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string>()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (withdraw.isPending) return
    if (!reason.trim()) return setReasonError(wayOutMessages.reasonRequired)
    // Not mutate's own onSuccess: the refetch after the answer shows the item no longer carried,
    // which unmounts this dialog before a per-call callback would run.
    void withdraw.mutateAsync({ item_id: item.id, reason: reason.trim() }).then(
      async (answer) => {
        toaster.create({ title: answer.message, type: 'success' })
        await navigate({ to: '/my-deliveries' })
      },
      () => {}, // shown from withdraw.error while the dialog is open
    )
  }

  return (
    <AppDialog
      title="Give this item back?"
      open={open}
      onClose={() => {
        withdraw.reset()
        onClose()
      }}
      role="alertdialog"
      closeButton={false}
      size="md"
    >
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="3">
            <Text>
              You will not carry {item.name} and will not be paid for it. The sender is refunded in
              full and the item is offered to other deliverers again. This cannot be undone.
            </Text>
            <ErrorAlert error={withdraw.error} fallback="Failed to give the item back" />
            <ReasonField
              label="Why can't you carry it?"
              audience="The sender will see this."
              value={reason}
              max={WAY_OUT_REASON_MAX}
              error={reasonError}
              required
              onChange={(next) => {
                setReason(next)
                setReasonError(undefined)
              }}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose} disabled={withdraw.isPending}>
            Keep delivery
          </Button>
          <Button type="submit" colorPalette="red" loading={withdraw.isPending}>
            Give it back
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  )
}
