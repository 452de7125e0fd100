import { Badge, Dialog, HStack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { PendingStatus } from '@/components/pending-status'
import { AppDialog } from '@/components/app-dialog'
import { FormAlert } from '@/components/form-alert'
import { apiFailure } from '@/lib/api-failure'
import { formatMoney } from '@/lib/format'
import {
  paymentIntentQueryOptions,
  senderTermsQueryOptions,
  updatePaymentStatus,
  updateRequestStatus,
  useInvalidateItems,
  useRefreshSenderTerms,
  type PaymentRecord,
} from './api'
import { errorText } from './format'
import { PAYMENT_HELD_NOTE, SenderTermsStep } from './sender-terms-step'
import { TestCardPayment } from './test-card-payment'

// Stripe's loader only for a real Stripe intent: never in the first load, never in test mode.
const StripeCardPayment = lazy(() =>
  import('./stripe-card-payment').then((m) => ({ default: m.StripeCardPayment })),
)

interface PaymentDialogProps {
  open: boolean
  itemId: string
  itemName: string
  delivererId: string
  onClose: () => void
}

export function PaymentDialog({ open, onClose, ...rest }: PaymentDialogProps) {
  return (
    <AppDialog
      title="Enter payment details"
      open={open}
      onClose={onClose}
      closeOnInteractOutside={false}
    >
      {open && <PaymentBody {...rest} onClose={onClose} />}
    </AppDialog>
  )
}

type BodyProps = Omit<PaymentDialogProps, 'open'>

/**
 * Decision 044: the current sender terms first, until this sender accepted them; then the card.
 * No sender terms published: nothing to accept.
 */
function PaymentBody(props: BodyProps) {
  const terms = useQuery(senderTermsQueryOptions())
  if (terms.isPending) return <Preparing />
  if (terms.isError) {
    return (
      <Dialog.Body pb="6">
        <FormAlert status="error">Failed to fetch terms.</FormAlert>
      </Dialog.Body>
    )
  }
  const { version } = terms.data
  if (version !== null && terms.data.accepted_at === null)
    return <SenderTermsStep terms={{ ...terms.data, version }} onCancel={props.onClose} />
  return <PaymentStep {...props} />
}

function Preparing() {
  return (
    <Dialog.Body>
      <PendingStatus spinner>Preparing payment...</PendingStatus>
    </Dialog.Body>
  )
}

/** docs/spec.md section 4: pay, then finalise the request, then record the payment, then the item. */
function PaymentStep({ itemId, itemName, delivererId, onClose }: BodyProps) {
  const navigate = useNavigate()
  const invalidate = useInvalidateItems()
  const intent = useQuery(paymentIntentQueryOptions(itemId, delivererId))
  const refreshTerms = useRefreshSenderTerms()
  // The sender terms changed since they were read (the server refused the intent): ask again.
  // Once they are read again, the terms step replaces this one; should they still read as
  // accepted, the refusal shows as any other.
  const termsChanged = apiFailure(intent.error)?.code === 'SENDER_TERMS_NOT_ACCEPTED'
  const [termsReread, setTermsReread] = useState(false)
  useEffect(() => {
    if (termsChanged) void refreshTerms().finally(() => setTermsReread(true))
  }, [termsChanged, refreshTerms])

  async function finalize() {
    try {
      await updateRequestStatus({ item_id: itemId, deliverer_id: delivererId, status: 'accepted' })
    } catch (error) {
      throw new Error(errorText(error, 'Failed to update request status'))
    }
    let record: PaymentRecord
    try {
      record = await updatePaymentStatus(itemId)
    } catch (error) {
      throw new Error(errorText(error, 'Failed to update payment status'))
    }
    await invalidate()
    // The sender stays on the item, its next step now the handoff; the success message shows what
    // the server says was charged, not our own figure.
    const { amount, currency, receipt_id } = record
    await navigate({
      to: '/items/$id',
      params: { id: itemId },
      state: { paid: { item_name: itemName, amount, currency, receipt_id } },
    })
    onClose()
  }

  if (intent.isPending || (termsChanged && !termsReread)) return <Preparing />
  if (intent.isError) {
    return (
      <Dialog.Body pb="6">
        <FormAlert status="error">
          {errorText(intent.error, 'Payment confirmation failed')}
        </FormAlert>
      </Dialog.Body>
    )
  }
  const { client_secret, provider, amount, currency } = intent.data
  const props = {
    clientSecret: client_secret,
    finalize,
    onCancel: onClose,
    payLabel: `Pay ${formatMoney(amount, currency)}`,
  }
  return (
    <>
      <Dialog.Body pb="0" flex="none">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text>
            Amount: <strong>{formatMoney(amount, currency)}</strong>
          </Text>
          {provider === 'test' && (
            <Badge colorPalette="purple" variant="solid">
              Test mode
            </Badge>
          )}
        </HStack>
        <Text mt="1">{PAYMENT_HELD_NOTE}</Text>
        {provider === 'test' && (
          <Text fontSize="sm" color="fg.muted" mt="1">
            No real card is charged. Card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
            declined.
          </Text>
        )}
      </Dialog.Body>
      {provider === 'test' ? (
        <TestCardPayment {...props} />
      ) : (
        <Suspense fallback={<Dialog.Body>Loading card form...</Dialog.Body>}>
          <StripeCardPayment {...props} />
        </Suspense>
      )}
    </>
  )
}
