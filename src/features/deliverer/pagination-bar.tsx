import { Button, HStack, Text } from '@chakra-ui/react'

interface PaginationBarProps {
  page: number
  lastPage: number
  onPage: (page: number) => void
}

export function PaginationBar({ page, lastPage, onPage }: PaginationBarProps) {
  if (lastPage <= 1) return null
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" gap="3">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Text aria-current="page">
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
    </HStack>
  )
}
