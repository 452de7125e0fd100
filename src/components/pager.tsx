import { Button, Flex, HStack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { Pagination } from '@contract/envelope'

interface PagerProps {
  pagination: Pagination & { last_page?: number }
  onPage: (page: number) => void
  /** What is counted in the summary ('items', 'users'); omitted, just the numbers. */
  noun?: string
  /** More controls beside the buttons, e.g. a page-size select. */
  children?: ReactNode
}

/** 'Showing 11–20 of 45 items' and Previous / 'Page 2 of 5' / Next, for every paged list. */
export function Pager({ pagination, onPage, noun, children }: PagerProps) {
  const { current_page: page, per_page: perPage, total } = pagination
  const lastPage = pagination.last_page ?? Math.max(1, Math.ceil(total / perPage))
  const first = total === 0 ? 0 : (page - 1) * perPage + 1
  const to = Math.min(total, page * perPage)
  // Everything on one page: the count alone, not "Page 1 of 1" between two greyed-out buttons. A
  // page past the end (the list shrank) keeps its buttons, to go back.
  const onePage = lastPage <= 1 && page <= 1
  return (
    <Flex as="nav" aria-label="Pagination" wrap="wrap" gap="3" align="end" justify="space-between">
      <Text color="fg.muted" fontSize="sm" aria-live="polite">
        Showing {first}–{to} of {total}
        {noun ? ` ${noun}` : ''}
      </Text>
      <HStack gap="3" align="end" wrap="wrap">
        {children}
        {!onePage && (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
            >
              Previous page
            </Button>
            <Text fontSize="sm" aria-current="page" alignSelf="center">
              Page {page} of {lastPage}
            </Text>
            <Button
              size="sm"
              variant="outline"
              disabled={page >= lastPage}
              onClick={() => onPage(page + 1)}
            >
              Next page
            </Button>
          </>
        )}
      </HStack>
    </Flex>
  )
}
