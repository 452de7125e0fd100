import { Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import type { Item } from '@contract/items'
import { CardList } from '@/components/card-list'
import { formatDate, formatPrice, humanize } from '@/lib/format'
import { useIsPhone } from '@/lib/use-is-phone'
import { SortHeader } from '@/components/sort-header'
import { ItemStageBadge } from '@/components/status-badge'
import { UnreadMessagesBadge } from '@/components/unread-messages-badge'
import { agreedPrice, delivererCount } from './format'
import { InfoBadge } from './info-badge'
import type { ItemsSearch, SortColumn } from './items-search'

interface ItemsTableProps {
  items: Item[]
  search: ItemsSearch
  onSort: (column: SortColumn) => void
  onOpenInfo: (item: Item) => void
  onOpenProof: (item: Item) => void
}

export function ItemsTable({ items, search, onSort, onOpenInfo, onOpenProof }: ItemsTableProps) {
  const phone = useIsPhone()
  if (phone) {
    return (
      <CardList
        items={items}
        label="Your items"
        card={(item) => ({
          key: item.id,
          title: (
            <>
              <Link asChild color="brand.fg">
                <RouterLink to="/items/$id" params={{ id: item.id }}>
                  {item.name}
                </RouterLink>
              </Link>
              <UnreadMessagesBadge count={item.unread_messages} />
            </>
          ),
          badge: <ItemStageBadge item={item} />,
          meta: (
            <>
              {humanize(item.category)} · due {formatDate(item.delivery_deadline)} ·{' '}
              <PriceCell item={item} inline /> · {deliverersText(item)}
            </>
          ),
          actions: <RowActions item={item} onOpenInfo={onOpenInfo} onOpenProof={onOpenProof} />,
        })}
      />
    )
  }
  const header = (column: SortColumn, label: string) => (
    <SortHeader
      column={column}
      label={label}
      sortBy={search.sort_by}
      sortOrder={search.sort_order}
      onSort={onSort}
    />
  )
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" interactive>
        <Table.Caption srOnly>Your items</Table.Caption>
        <Table.Header>
          <Table.Row>
            {header('name', 'Name')}
            {header('category', 'Category')}
            {header('status', 'Status')}
            {header('delivery_deadline', 'Deadline')}
            {header('sender_price', 'Price')}
            <Table.ColumnHeader>Deliverers</Table.ColumnHeader>
            {header('created_at', 'Posted')}
            <Table.ColumnHeader>More</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.id}>
              {/* The name wraps (cells do not by default), so every column fits at 1280 px. */}
              <Table.Cell whiteSpace="normal" minW="40">
                <Link asChild color="brand.fg" fontWeight="semibold">
                  <RouterLink to="/items/$id" params={{ id: item.id }}>
                    {item.name}
                  </RouterLink>
                </Link>
                <UnreadMessagesBadge count={item.unread_messages} />
              </Table.Cell>
              <Table.Cell textTransform="capitalize">{item.category}</Table.Cell>
              <Table.Cell>
                <ItemStageBadge item={item} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(item.delivery_deadline)}</Table.Cell>
              <Table.Cell>
                <PriceCell item={item} />
              </Table.Cell>
              <Table.Cell textAlign="center">{delivererCount(item)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(item.created_at)}</Table.Cell>
              <Table.Cell>
                <RowActions
                  item={item}
                  onOpenInfo={onOpenInfo}
                  onOpenProof={onOpenProof}
                  empty={<Text color="fg.muted">—</Text>}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

function RowActions({
  item,
  onOpenInfo,
  onOpenProof,
  empty = null,
}: {
  item: Item
  onOpenInfo: (item: Item) => void
  onOpenProof: (item: Item) => void
  /** What a table cell shows when there is nothing to do. */
  empty?: React.ReactNode
}) {
  const info = item.info_request_to_sender
  if (!info && !item.proof_of_delivery) return <>{empty}</>
  return (
    <Stack gap="1" align="start">
      {info && (
        <HStack gap="2">
          <InfoBadge request={info} approvalPending={item.sending_approval === 'pending'} />
          <Button
            size="xs"
            variant="outline"
            onClick={() => onOpenInfo(item)}
            aria-label={`Admin information for ${item.name}`}
          >
            Admin information
          </Button>
        </HStack>
      )}
      {item.proof_of_delivery && (
        <Button
          size="xs"
          variant="outline"
          onClick={() => onOpenProof(item)}
          aria-label={`View proof of delivery for ${item.name}`}
        >
          View proof of delivery
        </Button>
      )}
    </Stack>
  )
}

/** Who carries an accepted item: the list says it, not "0 deliverers" (issue 29). */
const carrier = (item: Item) =>
  item.request_status === 'accepted' ? (item.deliverer?.name ?? null) : null

function deliverersText(item: Item): string {
  const name = carrier(item)
  if (name) return `carried by ${name}`
  const count = delivererCount(item)
  // A no-break space: "0" and "deliverers" stay on one line of a phone's card.
  return `${count}\u00a0deliverer${count === 1 ? '' : 's'}`
}

/** The agreed price once a deliverer is accepted, marked as such; else the sender's price. */
function PriceCell({ item, inline = false }: { item: Item; inline?: boolean }) {
  const agreed = agreedPrice(item)
  if (agreed === null) return <>{formatPrice(item.sender_price)}</>
  return (
    <>
      {formatPrice(agreed)}
      <Text as="span" display={inline ? 'inline' : 'block'} fontSize="xs" color="fg.muted">
        {inline ? ' agreed' : 'agreed'}
      </Text>
    </>
  )
}
