import { Button, Link as ChakraLink, HStack, Table, VisuallyHidden } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { Item } from '@contract/items'
import { CardList } from '@/components/card-list'
import { LazyAdminInfoDialog, LazyDocumentViewer } from '@/components/lazy-list-dialogs'
import { ItemStageBadge } from '@/components/status-badge'
import { UnreadMessagesBadge } from '@/components/unread-messages-badge'
import { formatDate, formatPlace } from '@/lib/format'
import { useIsPhone } from '@/lib/use-is-phone'

/**
 * An item the deliverer carries (their request accepted) opens its delivery page; a request still
 * waiting opens the request page (docs/spec.md's "item detail route").
 */
function ViewLink({ item }: { item: Item }) {
  const label = (
    <>
      View<VisuallyHidden> {item.name}</VisuallyHidden>
    </>
  )
  // A Chakra link: 44 x 44 on phones, like every link (docs/design.md, "Tap targets").
  return (
    <ChakraLink asChild color="brand.fg" fontWeight="semibold">
      {item.status === 'pending' ? (
        <Link to="/available-items/$id" params={{ id: item.id }}>
          {label}
        </Link>
      ) : (
        <Link to="/my-deliveries/$id" params={{ id: item.id }}>
          {label}
        </Link>
      )}
    </ChakraLink>
  )
}

function RowActions({
  item,
  onInfo,
  onProof,
}: {
  item: Item
  onInfo: (item: Item) => void
  onProof: (item: Item) => void
}) {
  return (
    <HStack gap="3" wrap="wrap">
      <ViewLink item={item} />
      {item.info_request_to_deliverer && (
        <Button
          size="xs"
          variant="outline"
          onClick={() => onInfo(item)}
          aria-label={`Admin information for ${item.name}`}
        >
          Admin information
        </Button>
      )}
      {item.proof_of_delivery && (
        <Button
          size="xs"
          variant="outline"
          onClick={() => onProof(item)}
          aria-label={`View proof of delivery for ${item.name}`}
        >
          View proof of delivery
        </Button>
      )}
    </HStack>
  )
}

const route = (item: Item) =>
  `${formatPlace(item.from_location)} → ${formatPlace(item.to_location)}`

/**
 * The dashboard's Current deliveries: a table on wide screens, cards with the status and the View
 * action on phones; with the admin-information dialog and the proof-of-delivery viewer.
 */
export function CurrentDeliveries({ items }: { items: Item[] }) {
  const phone = useIsPhone()
  const [infoFor, setInfoFor] = useState<string | null>(null)
  const [proofFor, setProofFor] = useState<Item | null>(null)
  const infoItem = items.find((i) => i.id === infoFor) ?? null
  const actions = (item: Item): ReactNode => (
    <RowActions item={item} onInfo={(i) => setInfoFor(i.id)} onProof={setProofFor} />
  )

  return (
    <>
      {phone ? (
        <CardList
          items={items}
          label="Current deliveries"
          card={(item) => ({
            key: item.id,
            title: (
              <>
                {item.name}
                <UnreadMessagesBadge count={item.unread_messages} />
              </>
            ),
            badge: <ItemStageBadge item={item} />,
            meta: `${route(item)} · due ${formatDate(item.delivery_deadline)}`,
            actions: actions(item),
          })}
        />
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Route</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Deadline</Table.ColumnHeader>
              <Table.ColumnHeader>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) => (
              <Table.Row key={item.id}>
                <Table.Cell fontWeight="medium">
                  {item.name}
                  <UnreadMessagesBadge count={item.unread_messages} />
                </Table.Cell>
                <Table.Cell>{route(item)}</Table.Cell>
                <Table.Cell>
                  <ItemStageBadge item={item} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(item.delivery_deadline)}</Table.Cell>
                <Table.Cell>{actions(item)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <LazyAdminInfoDialog item={infoItem} party="deliverer" onClose={() => setInfoFor(null)} />
      <LazyDocumentViewer
        filePath={proofFor?.proof_of_delivery ?? null}
        title={proofFor ? `Proof of delivery: ${proofFor.name}` : 'Proof of delivery'}
        open={proofFor !== null}
        onClose={() => setProofFor(null)}
      />
    </>
  )
}
