import { Box, Button, EmptyState, HStack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'
import type { Item } from '@contract/items'
import { PendingStatus } from '@/components/pending-status'
import { LazyAdminInfoDialog, LazyDocumentViewer } from '@/components/lazy-list-dialogs'
import { ErrorAlert } from '@/components/form-alert'
import { Pager } from '@/components/pager'
import { SortSelect, type SortChoice } from '@/components/sort-select'
import { useIsPhone } from '@/lib/use-is-phone'
import { itemsQueryOptions } from './api'
import { ItemsFilters } from './items-filters'
import type { ItemsSearch, SortColumn } from './items-search'

const sortChoices: SortChoice<SortColumn>[] = [
  { label: 'Newest first', sort_by: 'created_at', sort_order: 'desc' },
  { label: 'Oldest first', sort_by: 'created_at', sort_order: 'asc' },
  { label: 'Deadline, soonest first', sort_by: 'delivery_deadline', sort_order: 'asc' },
  { label: 'Price, highest first', sort_by: 'sender_price', sort_order: 'desc' },
  { label: 'Price, lowest first', sort_by: 'sender_price', sort_order: 'asc' },
  { label: 'Name, A to Z', sort_by: 'name', sort_order: 'asc' },
  { label: 'Status', sort_by: 'status', sort_order: 'asc' },
]
import { ItemsTable } from './items-table'

interface ItemsPageProps {
  search: ItemsSearch
  onSearchChange: (patch: Partial<ItemsSearch>) => void
}

export function ItemsPage({ search, onSearchChange }: ItemsPageProps) {
  const items = useQuery(itemsQueryOptions(search))
  const phone = useIsPhone()
  // The list's rows refresh every 30 s: keep ids, and show the freshest copy in the dialogs.
  const [infoFor, setInfoFor] = useState<string | null>(null)
  const [proofFor, setProofFor] = useState<Item | null>(null)
  const infoItem = items.data?.items.find((i) => i.id === infoFor) ?? null

  function onSort(column: SortColumn) {
    const sameColumn = search.sort_by === column
    onSearchChange({
      sort_by: column,
      sort_order: sameColumn && search.sort_order === 'asc' ? 'desc' : sameColumn ? 'asc' : 'desc',
      page: 1,
    })
  }

  return (
    <>
      <HStack justify="flex-end" mb="4">
        <Button asChild colorPalette="brand">
          <RouterLink to="/post-item">Post new item</RouterLink>
        </Button>
      </HStack>
      <ItemsFilters search={search} onChange={onSearchChange} />
      {items.isPending && (
        <PendingStatus paused={items.isPaused} spinner>
          Loading items...
        </PendingStatus>
      )}
      <ErrorAlert error={items.error} fallback="Failed to load items" />
      {items.data && items.data.items.length === 0 && (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg">
          <EmptyState.Content>
            <EmptyState.Title>No items found</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {items.data && items.data.items.length > 0 && (
        <Box opacity={items.isPlaceholderData ? 0.6 : 1} aria-busy={items.isPlaceholderData}>
          {phone && (
            <SortSelect
              choices={sortChoices}
              sortBy={search.sort_by}
              sortOrder={search.sort_order}
              onChange={(sort_by, sort_order) => onSearchChange({ sort_by, sort_order, page: 1 })}
            />
          )}
          <ItemsTable
            items={items.data.items}
            search={search}
            onSort={onSort}
            onOpenInfo={(item) => setInfoFor(item.id)}
            onOpenProof={setProofFor}
          />
          <Pager pagination={items.data.pagination} onPage={(page) => onSearchChange({ page })} />
        </Box>
      )}
      <LazyAdminInfoDialog item={infoItem} party="sender" onClose={() => setInfoFor(null)} />
      <LazyDocumentViewer
        filePath={proofFor?.proof_of_delivery ?? null}
        title={proofFor ? `Proof of delivery: ${proofFor.name}` : 'Proof of delivery'}
        open={proofFor !== null}
        onClose={() => setProofFor(null)}
      />
    </>
  )
}
