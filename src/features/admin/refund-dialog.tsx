import { Button, Dialog, Field, Input, Stack, Textarea } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import type { adminRefundAnswer } from '@contract/disputes'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert } from '@/components/form-alert'
import { api } from '@/lib/api-client'
import { adminKeys } from './refresh'

type Refund = z.infer<typeof adminRefundAnswer>['data']['refund']

/** An item's statuses in which the sender has paid (accepted and after): a refund may apply. */
export const REFUNDABLE_STATUSES = ['ready_to_pickup', 'in_process', 'delivered'] as const

const dollars = (n: number) => `$${n.toFixed(2)}`

/** Words for the admin once the refund is recorded (decision 040). */
export const refundDone = (r: Refund) =>
  `Refunded ${dollars(r.amount)}${r.after_release ? ', taken back from the deliverer’s earnings' : ''}; ${dollars(r.refundable)} left to refund`

/**
 * POST /api/admin/refunds: part or all of an item's payment, at any time, with a reason for the
 * audit log. The server checks what is left (409 with the amount) and answers in the dialog.
 */
export function RefundDialog({
  itemId,
  itemName,
  onClose,
  onDone,
}: {
  itemId: string
  itemName: string
  onClose: () => void
  onDone: (refund: Refund) => void
}) {
  const queryClient = useQueryClient()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({})
  const refund = useMutation({
    mutationFn: async () =>
      (
        await api
          .post('admin/refunds', {
            json: { item_id: itemId, amount: Number(amount), reason: reason.trim() },
          })
          .json<z.infer<typeof adminRefundAnswer>>()
      ).data.refund,
    onSuccess: (done) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
      onDone(done)
    },
  })
  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const value = Number(amount)
    const next = {
      amount:
        amount.trim() && Number.isFinite(value) && value >= 0.01
          ? undefined
          : 'Enter an amount of at least $0.01',
      reason: reason.trim() ? undefined : 'Give a reason for the record',
    }
    setErrors(next)
    if (!next.amount && !next.reason) refund.mutate()
  }
  return (
    <AppDialog title={`Refund: ${itemName}`} open onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(errors.amount)} required>
              <Field.Label>
                Amount (USD)
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="amount"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              <Field.HelperText>
                After the release, the deliverer’s share is taken back first.
              </Field.HelperText>
              <Field.ErrorText>{errors.amount}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.reason)} required>
              <Field.Label>
                Reason
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                name="reason"
                rows={3}
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Field.ErrorText>{errors.reason}</Field.ErrorText>
            </Field.Root>
            <ErrorAlert error={refund.error} fallback="Failed to refund" />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="red" loading={refund.isPending}>
            Refund
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  )
}
