import { Badge, Box, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { Item } from '@contract/items'
import { capitalise, formatLongDate, formatPlace } from '@/lib/format'
import { itemStage, stageLabels } from '@contract/item-stage'
import { stagePalette } from '@/components/stage-palette'

/** docs/spec.md section 2: 'Status: ' plus where the item is, in the one vocabulary ('On its way'). */
function StatusBanner({ item }: { item: Item }) {
  const stage = itemStage(item)
  const palette = stagePalette[stage]
  return (
    <Box
      colorPalette={palette}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      rounded="md"
      px="4"
      py="2"
      fontWeight="semibold"
    >
      Status: {stageLabels[stage]}
    </Box>
  )
}

/** The status banner, then the item's name as the page heading with a 'Fragile' badge if so. */
export function ItemHeading({ item }: { item: Item }) {
  return (
    <>
      <StatusBanner item={item} />
      <HStack gap="3" wrap="wrap">
        <Heading as="h1" size="2xl">
          {item.name}
        </Heading>
        {item.is_fragile && (
          <Badge colorPalette="orange" variant="subtle">
            Fragile
          </Badge>
        )}
      </HStack>
    </>
  )
}

/** A bordered section of actions, named by its heading. */
export function ActionSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3" bg="bg" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2" bg="bg" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {term}
      </Text>
      <Text as="dd" fontWeight="medium">
        {children}
      </Text>
    </Box>
  )
}

/**
 * The read-only facts of an item as docs/spec.md section 2 lists them for the deliverer. The delivery
 * page leaves the route out (`route={false}`): its job card and map already say it.
 */
export function ItemFacts({ item, route = true }: { item: Item; route?: boolean }) {
  const { length, width, height } = item.dimensions
  return (
    <Stack gap="4">
      <Section title="Description">
        <Text whiteSpace="pre-line">{item.description.trim() || 'No description provided'}</Text>
      </Section>
      {route && (
        <Section title="Delivery route">
          <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="3">
            <Fact term="From">{formatPlace(item.from_location)}</Fact>
            <Fact term="To">{formatPlace(item.to_location)}</Fact>
            <Fact term="Delivery deadline">{formatLongDate(item.delivery_deadline)}</Fact>
          </SimpleGrid>
        </Section>
      )}
      <Section title="Package details">
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
          <Fact term="Quantity">{item.quantity}</Fact>
          <Fact term="Weight">{item.weight} kg</Fact>
          <Fact term="Dimensions">
            {length} x {width} x {height} cm
          </Fact>
          <Fact term="Category">{capitalise(item.category)}</Fact>
        </SimpleGrid>
      </Section>
      {item.special_instructions.trim() && (
        <Section title="Special instructions">
          <Text whiteSpace="pre-line">{item.special_instructions}</Text>
        </Section>
      )}
    </Stack>
  )
}
