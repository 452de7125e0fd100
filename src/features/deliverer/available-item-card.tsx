import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { Item } from '@contract/items'
import { ItemPhotoThumb } from '@/components/item-photos'
import { capitalise, formatDate, formatPlace, formatPrice } from '@/lib/format'
import { QUEUED_WRITE_MESSAGE } from '@/lib/outbox/queued-writes'

interface AvailableItemCardProps {
  item: Item
  requested: boolean
  /** A request for this item waits in the outbox: no second one is offered. */
  queued: boolean
  onRequest: (item: Item) => void
}

export function AvailableItemCard({ item, requested, queued, onRequest }: AvailableItemCardProps) {
  return (
    <Card.Root as="article" aria-labelledby={`item-${item.id}`} size="sm">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <ItemPhotoThumb photos={item.photos} name={item.name} />
          <Card.Title flex="1" as="h2" id={`item-${item.id}`} fontSize="lg">
            {item.name}
          </Card.Title>
          {item.is_fragile && (
            <Badge colorPalette="orange" variant="subtle">
              Fragile
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {capitalise(item.category)}
        </Text>
        <Stack gap="1" fontSize="sm">
          <Text>
            <Text as="span" fontWeight="semibold">
              Route:{' '}
            </Text>
            {formatPlace(item.from_location)} → {formatPlace(item.to_location)}
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Deadline:{' '}
            </Text>
            {formatDate(item.delivery_deadline)}
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Weight:{' '}
            </Text>
            {item.weight} kg
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Sender price:{' '}
            </Text>
            {formatPrice(item.sender_price)}
          </Text>
        </Stack>
        {queued && (
          <Text fontSize="sm" fontWeight="semibold" color="orange.fg">
            {QUEUED_WRITE_MESSAGE}
          </Text>
        )}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button asChild variant="outline" size="sm">
          <Link to="/available-items/$id" params={{ id: item.id }}>
            View details
          </Link>
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          disabled={requested || queued}
          onClick={() => onRequest(item)}
        >
          {requested ? 'Requested' : queued ? 'Queued' : 'Request to Deliver'}
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}
