import { Badge, Box, Stack, Text } from '@chakra-ui/react'
import { ItemPhotoGallery } from '@/components/item-photos'
import { RouteMap } from '@/components/route-map'
import { formatDateTime, formatPlace, formatPrice, humanize } from '@/lib/format'
import { ItemStageBadge } from '@/components/status-badge'
import { DetailList } from './detail-list'
import type { AdminItemRow } from './items-api'
import { SectionCard } from './section-card'

/** Everything the sender posted, so the admin can judge the item without leaving the page. */
export function ItemOverview({ item }: { item: AdminItemRow }) {
  const { length, width, height } = item.dimensions
  return (
    <>
      <SectionCard title="Item details">
        <Stack gap="4">
          <Stack direction="row" gap="2" wrap="wrap">
            <ItemStageBadge item={item} />
            <Badge variant="outline">{humanize(item.category)}</Badge>
            {item.is_fragile && <Badge colorPalette="red">Fragile</Badge>}
          </Stack>
          <ItemPhotoGallery photos={item.photos} name={item.name} />
          <Text whiteSpace="pre-wrap">{item.description || 'No description provided'}</Text>
          <DetailList
            entries={[
              ['Sender', `${item.sender.name} (${item.sender.email})`],
              ['Sender price', formatPrice(item.sender_price)],
              ['Agreed deliverer price', formatPrice(item.agreed_price ?? item.deliverer_price)],
              ['Delivery deadline', formatDateTime(item.delivery_deadline)],
              ['Quantity', item.quantity],
              ['Weight', `${item.weight} kg`],
              ['Dimensions', `${length} × ${width} × ${height} cm`],
              ['Posted', formatDateTime(item.created_at)],
            ]}
          />
          {item.special_instructions && (
            <Box>
              <Text fontSize="sm" color="fg.muted">
                Special instructions
              </Text>
              <Text whiteSpace="pre-wrap">{item.special_instructions}</Text>
            </Box>
          )}
        </Stack>
      </SectionCard>
      <SectionCard title="Route">
        <Stack gap="4">
          <DetailList
            entries={[
              ['From', formatPlace(item.from_location)],
              ['To', formatPlace(item.to_location)],
              ['Delivery address', item.delivery_address],
              ['Delivery phone', item.delivery_phone],
            ]}
          />
          <RouteMap
            from={item.from_location}
            to={item.to_location}
            label={`Route of ${item.name}`}
            legend={false}
          />
        </Stack>
      </SectionCard>
    </>
  )
}
