import { Alert, CloseButton, Link } from '@chakra-ui/react'
import { Link as RouterLink, useLocation, useRouter } from '@tanstack/react-router'
import { formatMoney } from '@/lib/format'

/** What a card payment charged, as the server recorded it (never the figure the client showed). */
interface PaidNotice {
  item_name: string
  amount: number
  currency: string
  /** The payment's id: its row on /payment-method is #receipt-{id}. */
  receipt_id: string
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by the card payment on its way back to the item (docs/spec.md section 4), read by the notice. */
    paid?: PaidNotice
  }
}

export const receiptAnchor = (receiptId: string) => `receipt-${receiptId}`

/** The success message after paying, on the item: the amount charged and a link to its receipt. */
export function PaymentSuccessNotice() {
  const paid = useLocation({ select: (location) => location.state.paid })
  const router = useRouter()
  if (!paid) return null

  function dismiss() {
    // Off the history entry too, so Back to this page does not show it again.
    const { location } = router.state
    router.history.replace(location.href, { ...location.state, paid: undefined })
  }

  return (
    <Alert.Root status="success" role="status" mb="4" alignItems="start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Payment successful</Alert.Title>
        <Alert.Description>
          {`${formatMoney(paid.amount, paid.currency)} was charged to your card for ${paid.item_name}. `}
          <Link asChild color="fg" fontWeight="semibold" textDecoration="underline">
            <RouterLink to="/payment-method" hash={receiptAnchor(paid.receipt_id)}>
              View receipt
            </RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss" onClick={dismiss} />
    </Alert.Root>
  )
}
