import {
  Box,
  Button,
  Heading,
  HStack,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Stat,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import type { delivererStats } from '@contract/deliveries'
import { statusLabels } from '@contract/item-stage'
import type { z } from 'zod'
import { FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { DASHBOARD_DELIVERIES, delivererStatsQueryOptions, myDeliveriesQueryOptions } from './api'
import { CurrentDeliveries } from './current-deliveries'
import { PendingStatus } from '@/components/pending-status'

type Stats = z.infer<typeof delivererStats>

/** Each tile opens what it counts (issue 29 part 4). */
const counters: { key: keyof Stats; label: string; to: '/available-items' | '/my-deliveries' }[] = [
  { key: 'available_items', label: 'Available items', to: '/available-items' },
  { key: 'ready_to_pickup_items', label: statusLabels.ready_to_pickup, to: '/my-deliveries' },
  { key: 'in_process_items', label: statusLabels.in_process, to: '/my-deliveries' },
  { key: 'delivered_items', label: statusLabels.delivered, to: '/my-deliveries' },
]

/** No delivery yet, made or waiting: a first step instead of zero tiles. */
const isNewDeliverer = (stats: Stats, deliveries: number) =>
  deliveries === 0 &&
  stats.ready_to_pickup_items + stats.in_process_items + stats.delivered_items === 0

function GettingStarted({ available }: { available: number }) {
  return (
    <Box as="section" aria-labelledby="start-heading" bg="bg" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" size="lg" id="start-heading" mb="2">
        Getting started
      </Heading>
      <Text mb="3">
        {available === 1 ? '1 item waits' : `${available} items wait`} for a deliverer now. Find
        those on your way and offer to carry one, or save your first trip to hear when an item on it
        is posted.
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to="/available-items">Find items</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/trips">Save your first trip</Link>
        </Button>
      </HStack>
    </Box>
  )
}

export function DelivererDashboard() {
  const stats = useQuery(delivererStatsQueryOptions())
  const deliveries = useQuery(myDeliveriesQueryOptions(1, DASHBOARD_DELIVERIES))

  return (
    <Stack gap="6">
      <PageIntro title="Deliverer dashboard">
        An overview of your deliveries, from items available on your route to those you have
        delivered.
      </PageIntro>

      <section aria-labelledby="stats-heading">
        <VisuallyHidden>
          <h2 id="stats-heading">Statistics</h2>
        </VisuallyHidden>
        {stats.isError && <FormAlert status="error">Failed to load statistics</FormAlert>}
        {stats.data &&
        deliveries.data &&
        isNewDeliverer(stats.data, deliveries.data.items.length) ? (
          <GettingStarted available={stats.data.available_items} />
        ) : (
          (stats.data || !stats.isError) && (
            <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
              {counters.map((counter) => (
                <LinkBox key={counter.key} asChild>
                  <Stat.Root
                    bg="bg"
                    borderWidth="1px"
                    rounded="lg"
                    p="4"
                    _hover={{ borderColor: 'brand.solid' }}
                  >
                    <Stat.Label>
                      <LinkOverlay asChild>
                        <Link to={counter.to}>{counter.label}</Link>
                      </LinkOverlay>
                    </Stat.Label>
                    <Stat.ValueText>{stats.data ? stats.data[counter.key] : '–'}</Stat.ValueText>
                  </Stat.Root>
                </LinkBox>
              ))}
            </SimpleGrid>
          )
        )}
      </section>

      <Box
        as="section"
        aria-labelledby="current-heading"
        bg="bg"
        borderWidth="1px"
        rounded="lg"
        p="4"
      >
        <Heading as="h2" size="lg" id="current-heading" mb="3">
          Current deliveries
        </Heading>
        {deliveries.isPending && (
          <PendingStatus paused={deliveries.isPaused}>Loading deliveries…</PendingStatus>
        )}
        {deliveries.isError && <FormAlert status="error">Failed to load deliveries</FormAlert>}
        {deliveries.data && deliveries.data.items.length === 0 && (
          <Text color="fg.muted">No active deliveries</Text>
        )}
        {deliveries.data && deliveries.data.items.length > 0 && (
          <CurrentDeliveries items={deliveries.data.items.slice(0, DASHBOARD_DELIVERIES)} />
        )}
      </Box>
    </Stack>
  )
}
