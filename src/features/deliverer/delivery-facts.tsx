import { Box, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { Item } from '@contract/items'
import { formatLongDateTime, formatPlace, formatPrice } from '@/lib/format'

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {term}
      </Text>
      <Text as="dd" fontWeight="medium" overflowWrap="anywhere">
        {children}
      </Text>
    </Box>
  )
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** A link a thumb can hit: 44 px high (docs/design.md). */
function ThumbLink({
  href,
  children,
  external,
}: {
  href: string
  children: ReactNode
  external?: boolean
}) {
  return (
    <Link
      href={href}
      colorPalette="brand"
      display="inline-flex"
      alignItems="center"
      minH="11"
      minW="11"
      {...(external && { target: '_blank', rel: 'noopener noreferrer' })}
    >
      {children}
    </Link>
  )
}

/** The map of the pickup address, or of the pickup place's coordinates when the address is empty. */
function mapHref(item: Item): string {
  const address = item.pickup?.address.trim()
  if (address) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`
  const { lat, lng } = item.from_location
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`
}

/**
 * What the accepted deliverer needs on the road, first: where to collect, where to drop and whom
 * to call, by when, and what they earn. The server sends the recipient's address and phone only
 * to the accepted deliverer, so null here means "not yours to see (yet)".
 */
export function DeliveryFacts({ item }: { item: Item }) {
  const phone = item.delivery_phone
  // The pickup details come with acceptance (decision 034); before, only the pickup city.
  const pickup = item.pickup
  return (
    <Stack
      as="section"
      aria-labelledby="job-heading"
      gap="3"
      bg="bg"
      borderWidth="1px"
      rounded="lg"
      p="4"
    >
      <Heading as="h2" size="md" id="job-heading">
        Your delivery
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="3">
        <Fact term="Pickup address">
          {pickup?.address || formatPlace(item.from_location)}
          {pickup?.address && (
            <Text as="span" display="block" fontWeight="normal" color="fg.muted">
              {formatPlace(item.from_location)}
            </Text>
          )}
          <Text as="span" display="block">
            <ThumbLink href={mapHref(item)} external>
              Open the pickup on a map
            </ThumbLink>
          </Text>
        </Fact>
        {pickup && (
          <>
            <Fact term="Sender">{pickup.sender_name}</Fact>
            <Fact term="Pickup phone">
              {pickup.phone ? (
                <ThumbLink href={telHref(pickup.phone)}>{pickup.phone}</ThumbLink>
              ) : (
                'None given'
              )}
            </Fact>
            {pickup.instructions && <Fact term="Pickup instructions">{pickup.instructions}</Fact>}
          </>
        )}
        <Fact term="Delivery address">
          {item.delivery_address ?? 'Shown once the sender has accepted your request'}
        </Fact>
        <Fact term="Recipient phone">
          {phone ? (
            <ThumbLink href={telHref(phone)}>{phone}</ThumbLink>
          ) : (
            'Shown once the sender has accepted your request'
          )}
        </Fact>
        <Fact term="Deliver by">{formatLongDateTime(item.delivery_deadline)}</Fact>
        <Fact term="You earn">{formatPrice(item.agreed_price ?? item.deliverer_price)}</Fact>
      </SimpleGrid>
    </Stack>
  )
}
