import { HStack, Link, Table, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import { CardList } from '@/components/card-list'
import { SortSelect, type SortChoice } from '@/components/sort-select'
import { formatDate, formatPlace } from '@/lib/format'
import { useIsPhone } from '@/lib/use-is-phone'
import { SortHeader } from '@/components/sort-header'
import { ItemStageBadge, StatusBadge } from '@/components/status-badge'
import type { AdminItemRow } from './items-api'
import type { AdminItemSortColumn } from './search-schemas'

const sortChoices: SortChoice<AdminItemSortColumn>[] = [
  { label: 'Newest first', sort_by: 'created_at', sort_order: 'desc' },
  { label: 'Oldest first', sort_by: 'created_at', sort_order: 'asc' },
  { label: 'Deadline, soonest first', sort_by: 'delivery_deadline', sort_order: 'asc' },
  { label: 'Name, A to Z', sort_by: 'name', sort_order: 'asc' },
  { label: 'Status', sort_by: 'status', sort_order: 'asc' },
]

/**
 * Table.ScrollArea keeps every cell on one line; names, senders and routes wrap instead, so the
 * table fits 1280 px beside the sidebar with no sideways scrolling. A word longer than
 * its column (an email, a pasted URL) breaks rather than widening it.
 */
const wrapping = { whiteSpace: 'normal', overflowWrap: 'break-word' } as const

interface ItemsTableProps {
  items: AdminItemRow[]
  sortBy: AdminItemSortColumn
  sortOrder: 'asc' | 'desc'
  onSort: (column: AdminItemSortColumn, order: 'asc' | 'desc') => void
}

export function ItemsTable({ items, sortBy, sortOrder, onSort }: ItemsTableProps) {
  const phone = useIsPhone()
  // A column clicked again flips; a new one starts ascending for text, newest first for dates.
  const sortOn = (column: AdminItemSortColumn) => {
    const first = column.endsWith('_at') || column.endsWith('deadline') ? 'desc' : 'asc'
    onSort(column, sortBy === column ? (sortOrder === 'asc' ? 'desc' : 'asc') : first)
  }
  const sort = { sortBy, sortOrder, onSort: sortOn }
  if (phone) {
    return (
      <>
        <SortSelect choices={sortChoices} sortBy={sortBy} sortOrder={sortOrder} onChange={onSort} />
        <CardList
          items={items}
          label="Items"
          card={(item) => ({
            key: item.id,
            title: (
              <Link asChild color="brand.fg">
                <RouterLink to="/sending-approval/item/$id" params={{ id: item.id }}>
                  {item.name}
                </RouterLink>
              </Link>
            ),
            badge: <ItemStageBadge item={item} />,
            meta: (
              <>
                {formatPlace(item.from_location)} → {formatPlace(item.to_location)}
                <br />
                {item.sender.name} · {item.requests_count} request
                {item.requests_count === 1 ? '' : 's'} · {formatDate(item.created_at)}
              </>
            ),
            actions: (
              <HStack gap="2">
                <Text fontSize="sm">Sending approval</Text>
                <StatusBadge kind="approval" value={item.sending_approval} />
              </HStack>
            ),
          })}
        />
      </>
    )
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" interactive>
        <Table.Caption srOnly>Items, sorted by {sortBy.replace('_', ' ')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <SortHeader column="name" label="Name" {...sort} />
            <Table.ColumnHeader>Sender</Table.ColumnHeader>
            <Table.ColumnHeader>Route</Table.ColumnHeader>
            <SortHeader column="status" label="Status" {...sort} />
            <Table.ColumnHeader>Sending approval</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Requests</Table.ColumnHeader>
            <SortHeader column="created_at" label="Created" {...sort} />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell {...wrapping} minW="40">
                <Link asChild color="brand.fg" fontWeight="semibold">
                  <RouterLink to="/sending-approval/item/$id" params={{ id: item.id }}>
                    {item.name}
                  </RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell {...wrapping}>
                <Text>{item.sender.name}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {item.sender.email}
                </Text>
              </Table.Cell>
              <Table.Cell {...wrapping} minW="48">
                {formatPlace(item.from_location)} → {formatPlace(item.to_location)}
              </Table.Cell>
              <Table.Cell>
                <ItemStageBadge item={item} />
              </Table.Cell>
              <Table.Cell>
                <StatusBadge kind="approval" value={item.sending_approval} />
              </Table.Cell>
              <Table.Cell textAlign="end">{item.requests_count}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(item.created_at)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
