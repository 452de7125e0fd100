import { Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { ErrorAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { Pager } from '@/components/pager'
import { rejectedRequestsQueryOptions } from './api'
import { ItemList } from './item-list'

interface RejectedRequestsPageProps {
  page: number
  onPage: (page: number) => void
}

export function RejectedRequestsPage({ page, onPage }: RejectedRequestsPageProps) {
  const list = useQuery(rejectedRequestsQueryOptions(page))
  return (
    <Stack gap="4">
      <PageIntro title="Rejected Requests">
        Requests to carry an item that the sender declined.
      </PageIntro>
      {list.isPending && <Text role="status">Loading rejected requests…</Text>}
      <ErrorAlert error={list.error} fallback="Failed to load rejected requests" />
      {list.data && list.data.items.length === 0 && (
        <Text color="fg.muted">No rejected requests</Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <ItemList items={list.data.items} />
          <Pager pagination={list.data.pagination} onPage={onPage} />
        </>
      )}
    </Stack>
  )
}
