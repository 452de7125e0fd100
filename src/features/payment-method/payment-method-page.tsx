import { Button, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { Role } from '@contract/user'
import { FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { failureMessage } from '@/lib/api-failure'
import { formatDate, formatPrice } from '@/lib/format'
import { paymentMethodQueryOptions } from './api'
import { PayoutForm } from './payout-form'
import { PendingStatus } from '@/components/pending-status'

interface PaymentMethodPageProps {
  role: Role
  userName: string
  /** What a sender (or admin) sees instead of payouts: their receipts, from the sender feature. */
  receipts: React.ReactNode
}

export function PaymentMethodPage({ role, userName, receipts }: PaymentMethodPageProps) {
  return (
    <Stack gap="6">
      <PageIntro title="Payment Method">
        {role === 'deliverer'
          ? 'Where Tote sends your earnings after a completed delivery.'
          : 'Your payments on Tote.'}
      </PageIntro>
      {role === 'deliverer' ? <DelivererPayouts userName={userName} /> : receipts}
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

function DelivererPayouts({ userName }: { userName: string }) {
  const method = useQuery(paymentMethodQueryOptions())
  if (method.isPending)
    return <PendingStatus paused={method.isPaused}>Loading payout details…</PendingStatus>
  if (method.isError)
    return (
      <FormAlert status="error">
        {failureMessage(method.error, 'Failed to load payout details')}
      </FormAlert>
    )
  const { provider, onboarding_url, payout, earnings, total_earned } = method.data
  return (
    <Stack gap="5">
      <Panel id="payout-heading" title="Payouts">
        {provider === 'stripe' && onboarding_url ? (
          <>
            <Text>Stripe pays your earnings to your bank account.</Text>
            <Button asChild colorPalette="brand" alignSelf="start">
              <a href={onboarding_url}>Set up payouts with Stripe</a>
            </Button>
          </>
        ) : (
          <>
            {payout ? (
              <Text>
                Payouts go to {payout.account_holder}, account {payout.account_masked}
                {payout.routing_or_bic && ` (${payout.routing_or_bic})`}, saved{' '}
                {formatDate(payout.updated_at)}.
              </Text>
            ) : (
              <Text>Add the bank account your earnings should go to.</Text>
            )}
            <PayoutForm holder={payout?.account_holder ?? userName} />
          </>
        )}
      </Panel>
      <Panel id="earnings-heading" title="Earnings">
        {earnings.length === 0 ? (
          <Text color="fg.muted">No earnings yet: they appear here once you deliver an item.</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Item</Table.ColumnHeader>
                  <Table.ColumnHeader>Delivered</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {earnings.map((earning) => (
                  <Table.Row key={earning.item_id}>
                    {/* Long names wrap: a table wider than a phone would scroll sideways. */}
                    <Table.Cell whiteSpace="normal" overflowWrap="anywhere">
                      {earning.item_name}
                    </Table.Cell>
                    <Table.Cell>
                      {earning.delivered_at ? formatDate(earning.delivered_at) : '–'}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatPrice(earning.amount)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <Text fontWeight="semibold">Total earned: {formatPrice(total_earned)}</Text>
      </Panel>
    </Stack>
  )
}
