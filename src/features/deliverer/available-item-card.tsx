import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import type { Item } from '@contract/items'
import { ItemPhotoThumb } from '@/components/item-photos'
import { capitalise, formatDate, formatPlace, formatPrice } from '@/lib/format'
import { QUEUED_WRITE_MESSAGE } from '@/lib/outbox/queued-writes'

interface AvailableItemCardProps {
  item: Item
  /** Its number in the list, as on the map's markers. */
  number: number
  /** Chosen on the map. */
  highlighted: boolean
  requested: boolean
  /** The sender declined this deliverer's request: a new offer is possible (decision 043). */
  declined?: boolean
  /** A request for this item waits in the outbox: no second one is offered. */
  queued: boolean
  onRequest: (item: Item) => void
}

/** How far out of the way the item takes the deliverer: "+12 km detour", "On your way". */
function detourText(km: number): string {
  const rounded = Math.round(km)
  return rounded < 1 ? 'On your way (under 1 km detour)' : `+${rounded} km detour`
}

/**
 * Memoised: opening or closing the request dialog (state of the page) leaves the cards as they
 * were, and a phone's tap is answered sooner than with every card drawn again.
 */
export const AvailableItemCard = memo(function AvailableItemCard({
  item,
  number,
  highlighted,
  requested,
  declined = false,
  queued,
  onRequest,
}: AvailableItemCardProps) {
  return (
    <Card.Root
      as="article"
      id={`card-${item.id}`}
      tabIndex={-1}
      // Chosen on the map: said to screen readers too, not only drawn.
      aria-current={highlighted ? 'true' : undefined}
      aria-labelledby={`item-${item.id}`}
      size="sm"
      borderColor={highlighted ? 'brand.solid' : undefined}
      outline={highlighted ? '2px solid' : undefined}
      outlineColor={highlighted ? 'brand.solid' : undefined}
      scrollMarginTop="16"
    >
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <ItemPhotoThumb photos={item.photos} name={item.name} />
          {/* The map's markers carry this number; their labels name the item for screen readers. */}
          <Box
            aria-hidden
            flexShrink={0}
            minW="6"
            h="6"
            px="1"
            rounded="full"
            bg="bg.muted"
            fontSize="sm"
            fontWeight="semibold"
            display="grid"
            placeItems="center"
          >
            {number}
          </Box>
          <Card.Title flex="1" as="h2" id={`item-${item.id}`} fontSize="lg">
            {item.name}
          </Card.Title>
          {declined && (
            <Badge colorPalette="red" variant="subtle">
              Declined
            </Badge>
          )}
          {item.is_fragile && (
            <Badge colorPalette="orange" variant="subtle">
              Fragile
            </Badge>
          )}
        </HStack>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text color="fg.muted" fontSize="sm">
            {capitalise(item.category)}
          </Text>
          {item.detour_km !== undefined && (
            <Badge colorPalette="brand" variant="surface">
              {detourText(item.detour_km)}
            </Badge>
          )}
          {/* Near the deliverer (no route): how far the pickup is. */}
          {item.detour_km === undefined && item.distance_km !== undefined && (
            <Badge colorPalette="brand" variant="surface">
              {item.distance_km < 1
                ? 'Pickup under 1 km away'
                : `Pickup ${Math.round(item.distance_km)} km away`}
            </Badge>
          )}
        </HStack>
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
          {requested
            ? 'Requested'
            : queued
              ? 'Queued'
              : declined
                ? 'Make a new offer'
                : 'Request to deliver'}
        </Button>
      </Card.Footer>
    </Card.Root>
  )
})
