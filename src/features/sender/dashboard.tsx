import {
  Box,
  Button,
  Grid,
  HStack,
  Heading,
  Link,
  LinkBox,
  LinkOverlay,
  Stack,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { PendingStatus } from '@/components/pending-status'
import { CardList } from '@/components/card-list'
import { ErrorAlert } from '@/components/form-alert'
import { formatDate, formatPrice } from '@/lib/format'
import { useIsPhone } from '@/lib/use-is-phone'
import { ItemStageBadge } from '@/components/status-badge'
import { UnreadMessagesBadge } from '@/components/unread-messages-badge'
import { itemsQueryOptions, latestItemsSearch, senderStatsQueryOptions } from './api'
import { statusLabels } from '@contract/item-stage'
import { itemStatuses, type ItemStatus } from '@contract/lifecycle'

/** A tile that opens what it counts: All items, filtered by `status` when given (issue 29 part 4). */
function Counter({ label, value, status }: { label: string; value: number; status?: ItemStatus }) {
  return (
    <LinkBox asChild>
      <Stat.Root
        borderWidth="1px"
        borderRadius="lg"
        p="4"
        bg="bg"
        _hover={{ borderColor: 'brand.solid' }}
      >
        <Stat.Label>
          <LinkOverlay asChild>
            <RouterLink to="/items" search={status ? { status } : {}}>
              {label}
            </RouterLink>
          </LinkOverlay>
        </Stat.Label>
        <Stat.ValueText>{value}</Stat.ValueText>
      </Stat.Root>
    </LinkBox>
  )
}

/** A sender with no item yet: the first step instead of eight zero tiles. */
function GettingStarted() {
  return (
    <Box
      as="section"
      aria-labelledby="start-heading"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
    >
      <Heading as="h2" size="md" id="start-heading" mb="2">
        Getting started
      </Heading>
      <Text mb="3">
        Post your first item: what it is, where it goes and by when. Once Tote approves it,
        deliverers going that way offer to carry it and you choose one.
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/post-item">Post your first item</RouterLink>
      </Button>
    </Box>
  )
}

export function SenderDashboard() {
  const phone = useIsPhone()
  const stats = useQuery(senderStatsQueryOptions())
  const latest = useQuery(itemsQueryOptions(latestItemsSearch))
  return (
    <Stack gap="6">
      {/* A new sender's one next step is the Getting started card's button: not two of them. */}
      {stats.data?.total !== 0 && (
        <HStack justify="flex-end">
          <Button asChild colorPalette="brand">
            <RouterLink to="/post-item">Post new item</RouterLink>
          </Button>
        </HStack>
      )}
      {stats.isPending && (
        <PendingStatus paused={stats.isPaused} spinner>
          Loading statistics…
        </PendingStatus>
      )}
      <ErrorAlert error={stats.error} fallback="Failed to load statistics" />
      {stats.data && stats.data.total === 0 && <GettingStarted />}
      {stats.data && stats.data.total > 0 && (
        <Grid
          as="section"
          aria-label="Your items by status"
          templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }}
          gap="3"
        >
          <Counter label="Total items" value={stats.data.total} />
          <Counter label="Awaiting review" value={stats.data.awaiting_approval} />
          <Counter label="Requests to review" value={stats.data.requests_to_review} />
          {itemStatuses.map((s) => (
            <Counter
              key={s}
              label={statusLabels[s]}
              value={stats.data.by_status[s] ?? 0}
              status={s}
            />
          ))}
        </Grid>
      )}
      <Box as="section" aria-labelledby="latest-items">
        <Heading as="h2" size="md" mb="3" id="latest-items">
          Latest items
        </Heading>
        {latest.isPending && (
          <PendingStatus paused={latest.isPaused} spinner>
            Loading items...
          </PendingStatus>
        )}
        <ErrorAlert error={latest.error} fallback="Failed to load items" />
        {latest.isSuccess && latest.data.items.length === 0 && (
          <Text color="fg.muted">No items found</Text>
        )}
        {latest.isSuccess && latest.data.items.length > 0 && phone && (
          <CardList
            items={latest.data.items}
            label="Latest items"
            card={(item) => ({
              key: item.id,
              title: (
                <>
                  <Link asChild color="brand.fg">
                    <RouterLink to="/items/$id" params={{ id: item.id }}>
                      {item.name}
                    </RouterLink>
                  </Link>
                  <UnreadMessagesBadge count={item.unread_messages} />
                </>
              ),
              badge: <ItemStageBadge item={item} />,
              meta: `Due ${formatDate(item.delivery_deadline)} · ${formatPrice(item.sender_price)}`,
            })}
          />
        )}
        {latest.isSuccess && latest.data.items.length > 0 && !phone && (
          <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Deadline</Table.ColumnHeader>
                  <Table.ColumnHeader>Price</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {latest.data.items.map((item) => (
                  <Table.Row key={item.id}>
                    <Table.Cell>
                      <Link asChild color="brand.fg" fontWeight="semibold">
                        <RouterLink to="/items/$id" params={{ id: item.id }}>
                          {item.name}
                        </RouterLink>
                      </Link>
                      <UnreadMessagesBadge count={item.unread_messages} />
                    </Table.Cell>
                    <Table.Cell>
                      <ItemStageBadge item={item} />
                    </Table.Cell>
                    <Table.Cell>{formatDate(item.delivery_deadline)}</Table.Cell>
                    <Table.Cell>{formatPrice(item.sender_price)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Box>
    </Stack>
  )
}
