import { Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { keepPreviousOnline } from '@/lib/query-client'
import { ErrorAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { Pager } from '@/components/pager'
import { ItemsFilters } from './items-filters'
import { adminItemsQueryOptions, itemsParams } from './items-api'
import { ItemsTable } from './items-table'
import { PageSizeSelect } from './page-size-select'
import { Empty, Loading } from './query-states'
import type { ItemsSearch } from './search-schemas'

interface ItemsManagementProps {
  search: ItemsSearch
  /** Merges into the URL's search; any change other than the page goes back to page 1. */
  onSearchChange: (patch: Partial<ItemsSearch>) => void
}

export function ItemsManagement({ search, onSearchChange }: ItemsManagementProps) {
  const params = itemsParams(search)
  const items = useQuery({ ...adminItemsQueryOptions(params), placeholderData: keepPreviousOnline })
  const filter = (patch: Partial<ItemsSearch>) => onSearchChange({ ...patch, page: undefined })

  return (
    <>
      <PageIntro title="Items management">
        Every item on Tote with its sending and delivery approvals. Open one to review it.
      </PageIntro>
      <ItemsFilters search={search} onChange={filter} />
      {items.isPending && <Loading paused={items.isPaused}>Loading items…</Loading>}
      <ErrorAlert error={items.error} fallback="Failed to load items" />
      {items.data && items.data.items.length === 0 && <Empty title="No items found" />}
      {items.data && items.data.items.length > 0 && (
        <Stack gap="4" opacity={items.isPlaceholderData ? 0.6 : 1}>
          <ItemsTable
            items={items.data.items}
            sortBy={search.sort_by ?? 'created_at'}
            sortOrder={params.sort_order ?? 'desc'}
            onSort={(sort_by, sort_order) => filter({ sort_by, sort_order })}
          />
          <Pager
            noun="items"
            pagination={items.data.pagination}
            onPage={(page) => onSearchChange({ page })}
          >
            <PageSizeSelect
              value={items.data.pagination.per_page}
              onChange={(per_page) => filter({ per_page })}
            />
          </Pager>
        </Stack>
      )}
    </>
  )
}
