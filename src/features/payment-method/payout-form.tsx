import { Button, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { payoutDetailsBody } from '@contract/deliveries'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { useSavePayoutMutation } from './api'

/** Payout details go to the server once; only a masked account number ever comes back. */
export function PayoutForm({ holder }: { holder: string }) {
  const save = useSavePayoutMutation()
  const [form, setForm] = useState({
    account_holder: holder,
    iban_or_account: '',
    routing_or_bic: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }))

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const result = validate(payoutDetailsBody, form)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    save.mutate(result.data, {
      onSuccess: () => setForm((f) => ({ ...f, iban_or_account: '' })),
      onError: (error) => setErrors(serverFieldErrors(error)),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4" maxW="md">
        {save.isSuccess && (
          <FormAlert status="success">{save.data.message || 'Payout details saved'}</FormAlert>
        )}
        <ErrorAlert error={save.error} fallback="Failed to save payout details" />
        <FormField
          label="Account holder"
          name="account_holder"
          autoComplete="name"
          value={form.account_holder}
          onValueChange={set('account_holder')}
          error={errors.account_holder}
          required
        />
        <FormField
          label="Account number or IBAN"
          name="iban_or_account"
          autoComplete="off"
          value={form.iban_or_account}
          onValueChange={set('iban_or_account')}
          error={errors.iban_or_account}
          required
        />
        <FormField
          label="Routing number or BIC"
          name="routing_or_bic"
          autoComplete="off"
          value={form.routing_or_bic}
          onValueChange={set('routing_or_bic')}
          error={errors.routing_or_bic}
        />
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending}>
          Save payout details
        </Button>
      </Stack>
    </form>
  )
}
