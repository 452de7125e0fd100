import { Box, EmptyState, Heading, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { Receipt } from '@contract/payments'
import { ErrorAlert } from '@/components/form-alert'
import { formatDate, formatMoney } from '@/lib/format'
import { receiptsQueryOptions } from '../api'

/** Paid, or what went back to the card and when. */
function ReceiptStatus({ receipt }: { receipt: Receipt }) {
  if (receipt.status === 'succeeded') return <>Paid</>
  const amount = formatMoney(receipt.refunded_amount, receipt.currency)
  if (receipt.status === 'refund_pending')
    return <Text color="fg.muted">Refund of {amount} on its way</Text>
  return (
    <Text color="fg.success">
      Refunded {amount}
      {receipt.refunded_at ? ` on ${formatDate(receipt.refunded_at)}` : ''}
    </Text>
  )
}

/** The sender's card payments (GET /api/receipts), for /payment-method. */
export function Receipts() {
  const receipts = useQuery(receiptsQueryOptions())
  return (
    <Box as="section" aria-labelledby="receipts-heading">
      <Heading as="h2" size="md" mb="3" id="receipts-heading">
        Receipts
      </Heading>
      {receipts.isPending && <Text role="status">Loading receipts...</Text>}
      <ErrorAlert error={receipts.error} fallback="Failed to load receipts" />
      {receipts.data && receipts.data.length === 0 && (
        <EmptyState.Root borderWidth="1px" borderRadius="lg">
          <EmptyState.Content>
            <EmptyState.Title>No receipts yet</EmptyState.Title>
            <EmptyState.Description>
              Payments you make when accepting a deliverer show here.
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {receipts.data && receipts.data.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Item</Table.ColumnHeader>
                <Table.ColumnHeader>Deliverer</Table.ColumnHeader>
                <Table.ColumnHeader>Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Paid</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {receipts.data.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell>{r.item_name}</Table.Cell>
                  <Table.Cell>{r.deliverer_name}</Table.Cell>
                  <Table.Cell>{formatMoney(r.amount, r.currency)}</Table.Cell>
                  <Table.Cell>
                    <ReceiptStatus receipt={r} />
                  </Table.Cell>
                  <Table.Cell>{r.paid_at ? formatDate(r.paid_at) : '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  )
}
