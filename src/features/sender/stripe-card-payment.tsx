import { Box, Grid, Text } from '@chakra-ui/react'
import { loadStripe, type Stripe, type StripeCardNumberElement } from '@stripe/stripe-js'
import { useEffect, useId, useRef, useState } from 'react'
import { PaymentForm } from './payment-form'

// This file is imported lazily: Stripe's loader stays out of the first load and out of test mode.
let stripePromise: Promise<Stripe | null> | null = null
function getStripe() {
  const key = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined
  stripePromise ??= key ? loadStripe(key) : Promise.resolve(null)
  return stripePromise
}

interface CardPaymentProps {
  clientSecret: string
  finalize: () => Promise<void>
  onCancel: () => void
  /** The pay button's words, with the amount: 'Pay $30.00'. */
  payLabel: string
}

function Slot({
  label,
  slotRef,
}: {
  label: string
  slotRef: React.RefObject<HTMLDivElement | null>
}) {
  const id = useId()
  return (
    <Box role="group" aria-labelledby={id}>
      <Text id={id} fontWeight="medium" fontSize="sm" mb="1.5">
        {label}
      </Text>
      <Box ref={slotRef} borderWidth="1px" borderRadius="md" px="3" py="2.5" minH="10" />
    </Box>
  )
}

/** Stripe Elements in the same three slots as the test form (docs/design.md Payments). */
export function StripeCardPayment({
  clientSecret,
  finalize,
  onCancel,
  payLabel,
}: CardPaymentProps) {
  const numberRef = useRef<HTMLDivElement>(null)
  const expiryRef = useRef<HTMLDivElement>(null)
  const cvcRef = useRef<HTMLDivElement>(null)
  const [ready, setReady] = useState<{ stripe: Stripe; card: StripeCardNumberElement } | null>(null)
  const [unavailable, setUnavailable] = useState(false)

  useEffect(() => {
    let cancelled = false
    let destroy = () => {}
    void getStripe().then(
      (stripe) => {
        if (cancelled) return
        if (!stripe || !numberRef.current || !expiryRef.current || !cvcRef.current) {
          setUnavailable(true)
          return
        }
        const elements = stripe.elements()
        const card = elements.create('cardNumber')
        const expiry = elements.create('cardExpiry')
        const cvc = elements.create('cardCvc')
        card.mount(numberRef.current)
        expiry.mount(expiryRef.current)
        cvc.mount(cvcRef.current)
        destroy = () => [card, expiry, cvc].forEach((el) => el.destroy())
        setReady({ stripe, card })
      },
      () => !cancelled && setUnavailable(true),
    )
    return () => {
      cancelled = true
      destroy()
    }
  }, [])

  async function confirm(): Promise<string | null> {
    if (!ready) return 'Payment confirmation failed'
    const result = await ready.stripe.confirmCardPayment(clientSecret, {
      payment_method: { card: ready.card },
    })
    if (result.error) return result.error.message || 'Payment confirmation failed'
    return result.paymentIntent?.status === 'succeeded' ? null : 'Payment confirmation failed'
  }

  const fields = (
    <>
      {unavailable && (
        <Text color="fg.error">Card payments cannot load right now. Please try again later.</Text>
      )}
      <Slot label="Card number" slotRef={numberRef} />
      <Grid templateColumns="1fr 1fr" gap="4">
        <Slot label="Expiry (MM/YY)" slotRef={expiryRef} />
        <Slot label="CVC" slotRef={cvcRef} />
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
      ready={Boolean(ready)}
    />
  )
}
