import { Alert, Button, Dialog, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { TextareaField } from '@/components/textarea-field'
import { FormAlert } from '@/components/form-alert'
import { AppDialog } from '@/components/app-dialog'

interface DecisionDialogProps {
  /** Also the confirm button's text, e.g. 'Approve sending'. */
  action: string
  explanation: string
  open: boolean
  danger?: boolean
  pending: boolean
  /** The refusal to show inside the dialog (a 409 from the server, for one). */
  error: string | null
  /** Something the admin should weigh before confirming; the button then reads `confirmLabel`. */
  warning?: ReactNode
  /** The confirm button's text when it should differ from `action` (e.g. 'Approve anyway'). */
  confirmLabel?: string
  onClose: () => void
  onConfirm: (reason: string | undefined) => void
}

/** Confirms an approval decision with an optional reason the audit history keeps. */
export function DecisionDialog({
  action,
  explanation,
  open,
  danger,
  pending,
  error,
  warning,
  confirmLabel,
  onClose,
  onConfirm,
}: DecisionDialogProps) {
  const [reason, setReason] = useState('')
  function onSubmit(event: FormEvent) {
    event.preventDefault()
    onConfirm(reason.trim() || undefined)
  }
  return (
    <AppDialog title={action} open={open} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Text>{explanation}</Text>
            {warning && (
              <Alert.Root status="warning" role="note" aria-label="Warning">
                <Alert.Indicator />
                <Alert.Description>{warning}</Alert.Description>
              </Alert.Root>
            )}
            {error && <FormAlert status="error">{error}</FormAlert>}
            <TextareaField
              label="Reason"
              name="reason"
              value={reason}
              onValueChange={setReason}
              helperText="Optional. Kept in the item's history."
              rows={3}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            colorPalette={danger ? 'red' : 'brand'}
            loading={pending}
            disabled={pending}
          >
            {confirmLabel ?? action}
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  )
}
