import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { Item } from '@contract/items'
import { formatDate, formatPlace } from '@/lib/format'
import { ItemStageBadge } from '@/components/status-badge'
import { UnreadMessagesBadge } from '@/components/unread-messages-badge'

interface ItemListProps {
  items: Item[]
  /** Where a row leads; without it rows are plain text. */
  linkTo?: '/my-deliveries/$id' | '/available-items/$id'
}

/** A compact list of items, each row a link to its detail page. */
export function ItemList({ items, linkTo }: ItemListProps) {
  return (
    <Stack as="ul" gap="2" listStyleType="none">
      {items.map((item) => {
        const row = (
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Box>
              <Text fontWeight="semibold">
                {item.name}
                <UnreadMessagesBadge count={item.unread_messages} />
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatPlace(item.from_location)} → {formatPlace(item.to_location)} · due{' '}
                {formatDate(item.delivery_deadline)}
              </Text>
            </Box>
            <ItemStageBadge item={item} />
          </HStack>
        )
        return (
          <Box
            as="li"
            key={item.id}
            bg="bg"
            borderWidth="1px"
            rounded="md"
            _hover={linkTo ? { borderColor: 'brand.solid' } : undefined}
          >
            {linkTo ? (
              <Link
                to={linkTo}
                params={{ id: item.id }}
                style={{ display: 'block', padding: '12px 16px' }}
              >
                {row}
              </Link>
            ) : (
              <Box px="4" py="3">
                {row}
              </Box>
            )}
          </Box>
        )
      })}
    </Stack>
  )
}
