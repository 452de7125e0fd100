import { Grid } from '@chakra-ui/react'
import { useState } from 'react'
import { FormField } from '@/components/form-field'
import { errorText } from './format'
import { confirmTestPayment } from './api'
import {
  checkCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parseExpiry,
  type CardErrors,
} from './card-format'
import { PaymentForm } from './payment-form'

interface CardPaymentProps {
  clientSecret: string
  finalize: () => Promise<void>
  onCancel: () => void
  /** The pay button's words, with the amount: 'Pay $30.00'. */
  payLabel: string
}

/** The built-in test provider (no Stripe keys): the same three fields, Stripe's test cards. */
export function TestCardPayment({ clientSecret, finalize, onCancel, payLabel }: CardPaymentProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' })
  const [errors, setErrors] = useState<CardErrors>({})

  async function confirm(): Promise<string | null> {
    const found = checkCard(card)
    setErrors(found)
    if (Object.keys(found).length > 0) return 'Please check your card details.'
    const expiry = parseExpiry(card.expiry)!
    try {
      const result = await confirmTestPayment(clientSecret, {
        card_number: card.number,
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: card.cvc,
      })
      return result.status === 'succeeded' ? null : result.error || 'Payment confirmation failed'
    } catch (error) {
      return errorText(error, 'Payment confirmation failed')
    }
  }

  const fields = (
    <>
      <FormField
        label="Card number"
        name="card_number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onValueChange={(v) => setCard((c) => ({ ...c, number: formatCardNumber(v) }))}
        error={errors.card_number}
        required
      />
      <Grid templateColumns="1fr 1fr" gap="4">
        <FormField
          label="Expiry (MM/YY)"
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          onValueChange={(v) => setCard((c) => ({ ...c, expiry: formatExpiry(v) }))}
          error={errors.expiry}
          required
        />
        <FormField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          onValueChange={(v) => setCard((c) => ({ ...c, cvc: formatCvc(v) }))}
          error={errors.cvc}
          required
        />
      </Grid>
    </>
  )
  return (
    <PaymentForm
      fields={fields}
      confirm={confirm}
      finalize={finalize}
      onCancel={onCancel}
      payLabel={payLabel}
    />
  )
}
