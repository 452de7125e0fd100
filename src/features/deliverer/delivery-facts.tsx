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

/**
 * What the accepted deliverer needs on the road, first: where to collect, where to drop and whom
 * to call, by when, and what they earn. The server sends the recipient's address and phone only
 * to the accepted deliverer, so null here means "not yours to see (yet)".
 */
export function DeliveryFacts({ item }: { item: Item }) {
  const phone = item.delivery_phone
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
        <Fact term="Pickup address">{formatPlace(item.from_location)}</Fact>
        <Fact term="Delivery address">
          {item.delivery_address ?? 'Shown once the sender has accepted your request'}
        </Fact>
        <Fact term="Recipient phone">
          {phone ? (
            <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} colorPalette="brand">
              {phone}
            </Link>
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
