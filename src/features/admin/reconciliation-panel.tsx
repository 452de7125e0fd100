import { Button, HStack, List, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { ReconciliationReport } from '@contract/reconciliation'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { formatDateTime, formatPrice } from '@/lib/format'
import { reconciliationQueryOptions, useReconcileMutation } from './money-api'

const providerName = { stripe: 'Stripe', test: 'the test provider' } as const
const problemWords = {
  missing_at_provider: 'in Tote’s books, not at the provider',
  unknown_to_tote: 'at the provider, not in Tote’s books',
  amount_differs: 'amounts differ',
} as const

/** What differs between the books and the provider, one line each, in words an operator acts on. */
function Differences({ report }: { report: ReconciliationReport }) {
  const lines = report.lines.filter((l) => l.difference !== 0)
  return (
    <List.Root ps="5" gap="1">
      {lines.map((l) => (
        <List.Item key={l.category}>
          {`${l.category[0]!.toUpperCase()}${l.category.slice(1)}: Tote ${formatPrice(l.ledger)}, provider ${formatPrice(l.provider)}`}
        </List.Item>
      ))}
      {report.transfers.map((t) => (
        <List.Item key={t.transfer_id}>
          {`Transfer ${t.transfer_id}: ${problemWords[t.problem]} (Tote ${formatPrice(t.ledger)}, provider ${formatPrice(t.provider)})`}
        </List.Item>
      ))}
    </List.Root>
  )
}

/**
 * The nightly comparison of the ledger with the payment provider (decision 041): when it last ran,
 * whether the books agree, what differs if not, and a way to check again now.
 */
export function ReconciliationPanel() {
  const report = useQuery(reconciliationQueryOptions())
  const check = useReconcileMutation()
  return (
    <Stack gap="2">
      <ErrorAlert
        error={report.error ?? check.error}
        fallback="Failed to compare with the provider"
      />
      {report.data === null && (
        <Text color="fg.muted">Not compared with the payment provider yet: it runs nightly.</Text>
      )}
      {report.data &&
        (report.data.balanced ? (
          <Text color="fg.muted">
            {`Compared with ${providerName[report.data.provider]} ${formatDateTime(report.data.checked_at)}: the books agree.`}
          </Text>
        ) : (
          <FormAlert status="error">
            <Stack gap="1">
              <Text>
                {`Compared with ${providerName[report.data.provider]} ${formatDateTime(report.data.checked_at)}: the books differ.`}
              </Text>
              <Differences report={report.data} />
            </Stack>
          </FormAlert>
        ))}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          loading={check.isPending}
          onClick={() => check.mutate()}
        >
          Compare with the provider now
        </Button>
      </HStack>
    </Stack>
  )
}
