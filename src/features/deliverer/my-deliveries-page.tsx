import { Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { ErrorAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { Pager } from '@/components/pager'
import { MY_DELIVERIES_PER_PAGE, myDeliveriesQueryOptions } from './api'
import { ItemList } from './item-list'
import { PendingStatus } from '@/components/pending-status'

interface MyDeliveriesPageProps {
  page: number
  onPage: (page: number) => void
}

export function MyDeliveriesPage({ page, onPage }: MyDeliveriesPageProps) {
  const list = useQuery(myDeliveriesQueryOptions(page, MY_DELIVERIES_PER_PAGE))
  return (
    <Stack gap="4">
      <PageIntro title="My deliveries">The items you are carrying or have delivered.</PageIntro>
      {list.isPending && <PendingStatus paused={list.isPaused}>Loading deliveries…</PendingStatus>}
      <ErrorAlert error={list.error} fallback="Failed to load deliveries" />
      {list.data && list.data.items.length === 0 && (
        <Text color="fg.muted">No active deliveries</Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <ItemList items={list.data.items} linkTo="/my-deliveries/$id" />
          <Pager pagination={list.data.pagination} onPage={onPage} />
        </>
      )}
    </Stack>
  )
}
