import { Box, Stack, Text } from '@chakra-ui/react'
import { formatDateTime } from '@/lib/format'
import { auditActionLabel, auditReasonLabel } from './audit-labels'
import type { AdminItemDetail } from './items-api'
import { Empty } from './query-states'

/** The audit trail: who did what to the item, when, and why. */
export function ItemHistory({ history }: { history: AdminItemDetail['history'] }) {
  if (history.length === 0) return <Empty title="No history yet" />
  return (
    <Stack as="ol" listStyle="none" gap="3">
      {history.map((entry) => {
        const reason = auditReasonLabel(entry.reason)
        return (
          <Box as="li" key={entry.id} borderStartWidth="2px" ps="3">
            <Text>
              <Text as="span" fontWeight="semibold">
                {auditActionLabel(entry.action)}
              </Text>{' '}
              by {entry.actor?.name ?? 'the system'}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Text>
            {reason && <Text fontSize="sm">Reason: {reason}</Text>}
          </Box>
        )
      })}
    </Stack>
  )
}
