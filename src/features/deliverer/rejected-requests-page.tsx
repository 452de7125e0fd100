import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { Item } from '@contract/items'
import { ErrorAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { Pager } from '@/components/pager'
import { formatDate, formatPlace } from '@/lib/format'
import { useSession } from '@/lib/use-session'
import { rejectedRequestsQueryOptions } from './api'
import { RejectionNotice } from './rejection-notice'
import { PendingStatus } from '@/components/pending-status'

interface RejectedRequestsPageProps {
  page: number
  onPage: (page: number) => void
}

export function RejectedRequestsPage({ page, onPage }: RejectedRequestsPageProps) {
  const list = useQuery(rejectedRequestsQueryOptions(page))
  // Each item shows this deliverer's own rejection, with the reason the sender gave.
  const userId = useSession()?.user.id
  return (
    <Stack gap="4">
      <PageIntro title="Rejected requests">
        Requests to carry an item that the sender declined, with the reason they gave.
      </PageIntro>
      {list.isPending && (
        <PendingStatus paused={list.isPaused}>Loading rejected requests…</PendingStatus>
      )}
      <ErrorAlert error={list.error} fallback="Failed to load rejected requests" />
      {list.data && list.data.items.length === 0 && (
        <Text color="fg.muted">No rejected requests</Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <Stack as="ul" gap="2" listStyleType="none">
            {list.data.items.map((item) => (
              <RejectedItem key={item.id} item={item} userId={userId} />
            ))}
          </Stack>
          <Pager pagination={list.data.pagination} onPage={onPage} />
        </>
      )}
    </Stack>
  )
}

function RejectedItem({ item, userId }: { item: Item; userId: string | undefined }) {
  return (
    <Box as="li" bg="bg" borderWidth="1px" rounded="md" px="4" py="3">
      <Stack gap="2">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text fontWeight="semibold">{item.name}</Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          {formatPlace(item.from_location)} → {formatPlace(item.to_location)} · due{' '}
          {formatDate(item.delivery_deadline)}
        </Text>
        <RejectionNotice item={item} userId={userId} />
      </Stack>
    </Box>
  )
}
