import { Box, Heading, SimpleGrid, Stack, Stat, Text, VisuallyHidden } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { delivererStats } from '@contract/deliveries'
import type { z } from 'zod'
import { FormAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import {
  DASHBOARD_DELIVERIES,
  delivererStatsQueryOptions,
  myDeliveriesQueryOptions,
} from './api'
import { CurrentDeliveries } from './current-deliveries'
import { PendingStatus } from '@/components/pending-status'

const counters: { key: keyof z.infer<typeof delivererStats>; label: string }[] = [
  { key: 'available_items', label: 'Available Items' },
  { key: 'ready_to_pickup_items', label: 'Ready to Pick Up' },
  { key: 'in_process_items', label: 'In Process' },
  { key: 'delivered_items', label: 'Delivered' },
]

export function DelivererDashboard() {
  const stats = useQuery(delivererStatsQueryOptions())
  const deliveries = useQuery(myDeliveriesQueryOptions(1, DASHBOARD_DELIVERIES))

  return (
    <Stack gap="6">
      <PageIntro title="Traveler Dashboard">
        An overview of your deliveries, from items available on your route to those you have
        delivered.
      </PageIntro>

      <section aria-labelledby="stats-heading">
        <VisuallyHidden>
          <h2 id="stats-heading">Statistics</h2>
        </VisuallyHidden>
        {stats.isError && <FormAlert status="error">Failed to load statistics</FormAlert>}
        {(stats.data || !stats.isError) && (
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
            {counters.map((counter) => (
              <Stat.Root key={counter.key} bg="bg" borderWidth="1px" rounded="lg" p="4">
                <Stat.Label>{counter.label}</Stat.Label>
                <Stat.ValueText>{stats.data ? stats.data[counter.key] : '–'}</Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
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
          Current Deliveries
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
