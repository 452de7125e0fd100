import { Link, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { formatDateTime, formatPrice } from '@/lib/format'
import { paymentMethodQueryOptions, type Earning } from './api'

function when(earning: Earning): string {
  switch (earning.status) {
    case 'held':
      return earning.release_at
        ? `It is released to you on ${formatDateTime(earning.release_at)}, unless the sender reports a problem before then.`
        : 'It is released to you once the hold after delivery ends.'
    case 'disputed':
      return 'It waits while Tote looks at a problem the sender reported.'
    case 'available':
      return 'It is released: it goes to your payout account once payouts are set up.'
    case 'paid':
      return 'It was paid to your payout account.'
    case 'reversed':
      return 'It was taken back after a refund.'
  }
}

/**
 * What the deliverer earns for one delivery and when it is paid, for the done card of
 * /my-deliveries/{id} (issue 29): the figures are the server's, as on /payment-method.
 */
export function DeliveryEarning({ itemId }: { itemId: string }) {
  const earning = useQuery({
    ...paymentMethodQueryOptions(),
    select: (data) => data.earnings.find((e) => e.item_id === itemId) ?? null,
  }).data
  if (!earning) return null
  return (
    <Text>
      You earn {formatPrice(earning.net)} (the agreed {formatPrice(earning.gross)} less Tote&apos;s
      fee of {formatPrice(earning.fee)}). {when(earning)}{' '}
      <Link asChild colorPalette="brand" fontWeight="semibold">
        <RouterLink to="/payment-method">Your earnings</RouterLink>
      </Link>
    </Text>
  )
}
