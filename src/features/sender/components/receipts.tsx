import { Box, EmptyState, Heading, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Receipt } from '@contract/payments'
import { ErrorAlert } from '@/components/form-alert'
import { formatDate, formatMoney } from '@/lib/format'
import { receiptsQueryOptions } from '../api'
import { receiptAnchor } from '../payment-success'
import { PendingStatus } from '@/components/pending-status'

/** Paid, or what went back to the card (all of it, or part: an admin's refund, a dispute) and when. */
function ReceiptStatus({ receipt }: { receipt: Receipt }) {
  const amount = formatMoney(receipt.refunded_amount, receipt.currency)
  const on = receipt.refunded_at ? ` on ${formatDate(receipt.refunded_at)}` : ''
  if (receipt.status === 'succeeded') {
    if (receipt.refunded_amount === 0) return <span>Paid</span>
    return (
      <Text as="span">
        {receipt.refunded_at
          ? `Paid; ${amount} refunded${on}`
          : `Paid; a refund of ${amount} on its way`}
      </Text>
    )
  }
  if (receipt.status === 'refund_pending')
    return <Text as="span" color="fg.muted">{`Refund of ${amount} on its way`}</Text>
  return <Text as="span" color="green.fg">{`Refunded ${amount}${on}`}</Text>
}

/** The sender's card payments (GET /api/receipts), for /payment-method; `anchor` is the URL's hash. */
export function Receipts({ anchor: hash = '' }: { anchor?: string }) {
  const receipts = useQuery(receiptsQueryOptions())
  // The payment's success message links to #receipt-{id}: that row is marked and brought into view.
  const loaded = Boolean(receipts.data)
  useEffect(() => {
    if (!loaded || !hash.startsWith('receipt-')) return
    document.getElementById(hash)?.scrollIntoView({ block: 'center' })
  }, [loaded, hash])
  return (
    <Box as="section" aria-labelledby="receipts-heading">
      <Heading as="h2" size="md" mb="3" id="receipts-heading">
        Receipts
      </Heading>
      {receipts.isPending && (
        <PendingStatus paused={receipts.isPaused}>Loading receipts...</PendingStatus>
      )}
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
                <Table.ColumnHeader hideBelow="md">Deliverer</Table.ColumnHeader>
                <Table.ColumnHeader>Amount</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Status</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Paid</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {receipts.data.map((r) => (
                <Table.Row
                  key={r.id}
                  id={receiptAnchor(r.id)}
                  aria-current={hash === receiptAnchor(r.id) ? 'true' : undefined}
                  bg={hash === receiptAnchor(r.id) ? 'bg.emphasized' : undefined}
                  scrollMarginTop="20"
                >
                  <Table.Cell>
                    {r.item_name}
                    {/* On a phone the deliverer and the date go under the item's name. */}
                    <Text hideFrom="md" textStyle="xs" color="fg.muted">
                      {r.deliverer_name}
                      {r.paid_at ? `, paid ${formatDate(r.paid_at)}` : ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{r.deliverer_name}</Table.Cell>
                  <Table.Cell>
                    {formatMoney(r.amount, r.currency)}
                    <Text hideFrom="md" textStyle="xs" whiteSpace="normal">
                      <ReceiptStatus receipt={r} />
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">
                    <ReceiptStatus receipt={r} />
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{r.paid_at ? formatDate(r.paid_at) : '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  )
}
