import { Button, Dialog, Stack } from '@chakra-ui/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { FormAlert } from '@/components/form-alert'

interface PaymentFormProps {
  /** The three card slots (number, expiry, CVC), plain inputs or Stripe Elements. */
  fields: ReactNode
  /** Confirms the card payment: null when it succeeded, else the message to show. */
  confirm: () => Promise<string | null>
  /** Finalises the request once paid; throws with the message to show. */
  finalize: () => Promise<void>
  onCancel: () => void
  /** The submit button's words, with the amount: 'Pay $30.00' (issue 29: not 'Payment Confirm'). */
  payLabel: string
  ready?: boolean
}

/** The shared footer and flow of both providers: pay once, then finalise (retryable). */
export function PaymentForm({
  fields,
  confirm,
  finalize,
  onCancel,
  payLabel,
  ready = true,
}: PaymentFormProps) {
  const [processing, setProcessing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // A payment that went through must not be charged again when finalising is retried.
  const [paid, setPaid] = useState(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (processing) return
    setProcessing(true)
    setError(null)
    try {
      if (!paid) {
        const failure = await confirm()
        if (failure) return setError(failure)
        setPaid(true)
      }
      await finalize()
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Payment confirmation failed')
    } finally {
      setProcessing(false)
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          {error && <FormAlert status="error">{error}</FormAlert>}
          {fields}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onCancel} disabled={processing}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" disabled={processing || !ready}>
          {processing ? 'Processing...' : payLabel}
        </Button>
      </Dialog.Footer>
    </form>
  )
}
