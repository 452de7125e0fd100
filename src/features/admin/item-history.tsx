import { Box, Stack, Text } from '@chakra-ui/react'
import { formatDateTime, humanize } from '@/lib/format'
import type { AdminItemDetail } from './items-api'
import { Empty } from './query-states'

/** The audit trail: who did what to the item, when, and why. */
export function ItemHistory({ history }: { history: AdminItemDetail['history'] }) {
  if (history.length === 0) return <Empty title="No history yet" />
  return (
    <Stack as="ol" listStyle="none" gap="3">
      {history.map((entry) => (
        <Box as="li" key={entry.id} borderStartWidth="2px" ps="3">
          <Text>
            <Text as="span" fontWeight="semibold">
              {humanize(entry.action)}
            </Text>{' '}
            by {entry.actor?.name ?? 'the system'}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
          {entry.reason && <Text fontSize="sm">Reason: {entry.reason}</Text>}
        </Box>
      ))}
    </Stack>
  )
}
