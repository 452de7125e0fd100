import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { ErrorAlert } from '@/components/form-alert'
import { formatDate } from '@/lib/format'
import type { AdminItemRow, AdminItemsPage } from './items-api'
import { Empty, Loading } from './query-states'

interface ReviewQueueProps {
  title: string
  query: UseQueryResult<AdminItemsPage>
  describe: (item: AdminItemRow) => string
}

/** The first few items of one review queue, each linking to its review page. */
export function ReviewQueue({ title, query, describe }: ReviewQueueProps) {
  const total = query.data?.pagination.total ?? 0
  return (
    <Stack as="section" aria-label={title} gap="3">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {query.isPending && <Loading paused={query.isPaused}>Loading…</Loading>}
      <ErrorAlert error={query.error} fallback="Failed to load items" />
      {query.data && query.data.items.length === 0 && <Empty title="Nothing waiting" />}
      {query.data && query.data.items.length > 0 && (
        <Stack as="ul" listStyle="none" gap="2">
          {query.data.items.map((item) => (
            <Box as="li" key={item.id} borderBottomWidth="1px" pb="2">
              <Link asChild color="brand.fg" fontWeight="semibold">
                <RouterLink to="/sending-approval/item/$id" params={{ id: item.id }}>
                  {item.name}
                </RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted">
                {describe(item)} · posted {formatDate(item.created_at)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      {query.data && total > query.data.items.length && (
        <Text
          fontSize="sm"
          color="fg.muted"
        >{`${total - query.data.items.length} more waiting`}</Text>
      )}
    </Stack>
  )
}
