import { Button, HStack, Text } from '@chakra-ui/react'
import type { Pagination } from '@contract/envelope'

export function Pager({
  pagination,
  onPage,
}: {
  pagination: Pagination
  onPage: (page: number) => void
}) {
  const { current_page, per_page, total } = pagination
  const last = Math.max(1, Math.ceil(total / per_page))
  const first = total === 0 ? 0 : (current_page - 1) * per_page + 1
  const to = Math.min(total, current_page * per_page)
  return (
    <HStack as="nav" aria-label="Pagination" justify="space-between" wrap="wrap" gap="3" mt="4">
      <Text color="fg.muted" fontSize="sm">
        Showing {first}–{to} of {total}
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          disabled={current_page <= 1}
          onClick={() => onPage(current_page - 1)}
        >
          Previous page
        </Button>
        <Text fontSize="sm" aria-current="page">
          Page {current_page} of {last}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={current_page >= last}
          onClick={() => onPage(current_page + 1)}
        >
          Next page
        </Button>
      </HStack>
    </HStack>
  )
}
