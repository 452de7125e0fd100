import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import type { ItemPhoto } from '@contract/item-photos'
import type { Item } from '@contract/items'
import { formatLongDateTime, formatPrice } from '@/lib/format'
import { ItemPhotoGallery } from '@/components/item-photos'
import { ItemStageBadge } from '@/components/status-badge'
import { agreedPrice } from './format'

export function ItemSummary({
  item,
  actions,
  onRemovePhoto,
  photoControls,
}: {
  item: Item
  actions?: React.ReactNode
  /** The sender's photo management, while photos can still change. */
  onRemovePhoto?: (photo: ItemPhoto, index: number) => void
  photoControls?: React.ReactNode
}) {
  return (
    <Box
      as="section"
      aria-label="Summary"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="3">
        <HStack justify="space-between" align="start" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {item.name}
            </Heading>
            <HStack gap="2">
              <Text color="fg.muted" fontSize="sm">
                Status
              </Text>
              <ItemStageBadge item={item} />
            </HStack>
          </Stack>
          <SummaryPrice item={item} />
        </HStack>
        <Text color="fg.muted">Deliver by {formatLongDateTime(item.delivery_deadline)}</Text>
        <ItemPhotoGallery photos={item.photos} name={item.name} onRemove={onRemovePhoto} />
        {photoControls}
        {actions && (
          <HStack gap="2" wrap="wrap">
            {actions}
          </HStack>
        )}
      </Stack>
    </Box>
  )
}

/** The agreed price once a deliverer is accepted (what was paid), else the sender's own price. */
function SummaryPrice({ item }: { item: Item }) {
  const agreed = agreedPrice(item)
  const shown = formatPrice(agreed ?? item.sender_price)
  return (
    <Stack gap="0" align="end">
      <Text
        fontSize="2xl"
        fontWeight="bold"
        aria-label={`${agreed === null ? 'Sender price' : 'Agreed price'} ${shown}`}
      >
        {shown}
      </Text>
      {agreed !== null && (
        <Text fontSize="sm" color="fg.muted">
          Agreed price
        </Text>
      )}
    </Stack>
  )
}
