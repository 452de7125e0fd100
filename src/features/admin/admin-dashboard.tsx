import { Box, Card, Heading, Link, SimpleGrid, Stack, Stat } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link as RouterLink } from '@tanstack/react-router'
import { itemStatuses } from '@contract/lifecycle'
import { statusLabels } from '@contract/item-stage'
import { ErrorAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import {
  adminItemsQueryOptions,
  adminStatsQueryOptions,
  deliveryQueueParams,
  sendingQueueParams,
  type AdminStats,
} from './items-api'
import { MoneySection } from './money-section'
import { Loading } from './query-states'
import { ReviewQueue } from './review-queue'

function Counter({
  label,
  value,
  children,
}: {
  label: string
  value: number
  children?: ReactNode
}) {
  return (
    // The link stays outside the Stat's <dl>, which may hold only its term and value.
    <Stack gap="1" borderWidth="1px" borderRadius="lg" p="4" bg="bg">
      <Stat.Root>
        <Stat.Label>{label}</Stat.Label>
        <Stat.ValueText>{value}</Stat.ValueText>
      </Stat.Root>
      {children}
    </Stack>
  )
}

function Counters({ stats }: { stats: AdminStats }) {
  const users = stats.users_by_role
  return (
    <Stack gap="6">
      <SimpleGrid as="section" aria-label="Waiting for review" columns={{ base: 1, sm: 3 }} gap="4">
        <Counter label="Items awaiting review" value={stats.awaiting_sending_approval} />
        <Counter label="Offers awaiting review" value={stats.awaiting_delivery_approval} />
        <Counter label="Unread information responses" value={stats.unread_info_responses}>
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to="/items-management">Open the items list</RouterLink>
          </Link>
        </Counter>
      </SimpleGrid>
      <Box as="section" aria-labelledby="users-by-role">
        <Heading as="h2" size="md" id="users-by-role" mb="3">
          Users by role
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <Counter label="Senders" value={users.sender} />
          <Counter label="Deliverers" value={users.deliverer} />
          <Counter label="Admins" value={users.admin} />
        </SimpleGrid>
      </Box>
      <Box as="section" aria-labelledby="items-by-status">
        <Heading as="h2" size="md" id="items-by-status" mb="3">
          Items by status
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
          {itemStatuses.map((status) => (
            <Counter
              key={status}
              label={statusLabels[status]}
              value={stats.items_by_status[status] ?? 0}
            />
          ))}
        </SimpleGrid>
      </Box>
    </Stack>
  )
}

export function AdminDashboard() {
  const stats = useQuery(adminStatsQueryOptions())
  const sending = useQuery(adminItemsQueryOptions(sendingQueueParams))
  const delivery = useQuery(adminItemsQueryOptions(deliveryQueueParams))

  return (
    <>
      <PageIntro title="Admin dashboard">
        What needs a decision first, then how Tote is doing.
      </PageIntro>
      <Stack gap="8">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <Card.Root>
            <Card.Body>
              <ReviewQueue
                title="Items awaiting review"
                query={sending}
                describe={(item) => `From ${item.sender.name}`}
              />
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body>
              <ReviewQueue
                title="Offers awaiting review"
                query={delivery}
                describe={(item) =>
                  `${item.requests_count} ${item.requests_count === 1 ? 'request' : 'requests'}`
                }
              />
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        <Box>
          <Heading as="h2" size="lg" mb="4">
            Statistics
          </Heading>
          {stats.isPending && <Loading paused={stats.isPaused}>Loading statistics…</Loading>}
          <ErrorAlert error={stats.error} fallback="Failed to load statistics" />
          {stats.data && <Counters stats={stats.data} />}
        </Box>
        <Box>
          <MoneySection />
        </Box>
      </Stack>
    </>
  )
}
