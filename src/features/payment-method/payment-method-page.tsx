import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { Role } from '@contract/user'
import { FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { failureMessage } from '@/lib/api-failure'
import { formatDate, formatPrice } from '@/lib/format'
import { paymentMethodQueryOptions, type Earning, type PaymentMethod } from './api'
import { PendingStatus } from '@/components/pending-status'

interface PaymentMethodPageProps {
  role: Role
  /** What a sender (or admin) sees instead of payouts: their receipts, from the sender feature. */
  receipts: React.ReactNode
}

export function PaymentMethodPage({ role, receipts }: PaymentMethodPageProps) {
  return (
    <Stack gap="6">
      <PageIntro title="Payment method">
        {role === 'deliverer'
          ? 'Where Tote sends your earnings after a completed delivery.'
          : 'Your payments on Tote.'}
      </PageIntro>
      {role === 'deliverer' ? <DelivererPayouts /> : receipts}
    </Stack>
  )
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3" bg="bg" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

/** What each earning status means to the deliverer, in a few words. */
const STATUS_TEXT: Record<Earning['status'], { label: string; palette: string }> = {
  held: { label: 'Held', palette: 'gray' },
  disputed: { label: 'Disputed', palette: 'orange' },
  available: { label: 'Available', palette: 'blue' },
  paid: { label: 'Paid', palette: 'green' },
  reversed: { label: 'Reversed', palette: 'red' },
}

function PayoutStatus({ data }: { data: PaymentMethod }) {
  const { payout_account: account, onboarding_url, test_mode } = data
  return (
    <Stack gap="3">
      {test_mode && (
        <Text fontSize="sm" color="fg.muted">
          Test mode: payouts go to a test account and no real money moves.
        </Text>
      )}
      {account.status === 'active' ? (
        <Text>
          Payouts are set up: your available money is sent to your payout account by itself.
        </Text>
      ) : (
        <>
          <Text fontWeight="semibold">Set up payouts to get paid</Text>
          <Text>Your released earnings wait as available until your payout account is ready.</Text>
          {onboarding_url && (
            <Button asChild colorPalette="brand" alignSelf="start">
              <a href={onboarding_url}>
                {account.status === 'pending' ? 'Continue payout setup' : 'Set up payouts'}
              </a>
            </Button>
          )}
        </>
      )}
      {account.payout_failed && (
        <FormAlert status="error">
          Your bank refused the last payout: check your payout account details.
        </FormAlert>
      )}
    </Stack>
  )
}

function EarningItem({ earning }: { earning: Earning }) {
  const status = STATUS_TEXT[earning.status]
  return (
    <Stack as="li" gap="1" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        {/* Long names wrap: nothing here is wider than a phone. */}
        <Text fontWeight="medium" overflowWrap="anywhere" minW="0" flex="1">
          {earning.item_name}
        </Text>
        <Badge colorPalette={status.palette}>{status.label}</Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {earning.delivered_at ? `Delivered ${formatDate(earning.delivered_at)}` : 'Delivered'}
        {earning.release_at &&
          ` · ${earning.status === 'held' || earning.status === 'disputed' ? 'releases' : 'released'} ${formatDate(earning.release_at)}`}
      </Text>
      <Text fontSize="sm">
        {formatPrice(earning.gross)} − fee {formatPrice(earning.fee)} ={' '}
        <Text as="span" fontWeight="semibold">
          {formatPrice(earning.net)}
        </Text>
      </Text>
    </Stack>
  )
}

function DelivererPayouts() {
  const method = useQuery(paymentMethodQueryOptions())
  if (method.isPending)
    return <PendingStatus paused={method.isPaused}>Loading payout details…</PendingStatus>
  if (method.isError)
    return (
      <FormAlert status="error">
        {failureMessage(method.error, 'Failed to load payout details')}
      </FormAlert>
    )
  const { earnings, total_earned, totals } = method.data
  return (
    <Stack gap="5">
      <Panel id="payout-heading" title="Payouts">
        <PayoutStatus data={method.data} />
      </Panel>
      <Panel id="earnings-heading" title="Earnings">
        <HStack as="dl" gap="6" wrap="wrap">
          {(
            [
              ['Held', totals.held],
              ['Available', totals.available],
              ['Paid', totals.paid],
            ] as const
          ).map(([label, value]) => (
            <Stack key={label} gap="0">
              <Text as="dt" fontSize="sm" color="fg.muted">
                {label}
              </Text>
              <Text as="dd" fontWeight="semibold" fontSize="lg">
                {formatPrice(value)}
              </Text>
            </Stack>
          ))}
        </HStack>
        {earnings.length === 0 ? (
          <Text color="fg.muted">No earnings yet: they appear here once you deliver an item.</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" aria-label="Earnings per delivery">
            {earnings.map((earning) => (
              <EarningItem key={earning.item_id} earning={earning} />
            ))}
          </Stack>
        )}
        <Text fontWeight="semibold">Total earned: {formatPrice(total_earned)}</Text>
      </Panel>
    </Stack>
  )
}
