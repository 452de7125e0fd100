import { Button, Flex, HStack, Text } from '@chakra-ui/react'
import type { Pagination } from '@contract/envelope'
import { SelectField } from './select-field'

export const adminPageSizes = [10, 25, 50] as const

interface PagerProps {
  pagination: Pagination
  onPageChange: (page: number) => void
  onPageSizeChange: (perPage: number) => void
  /** 'items' or 'users', for the summary sentence. */
  noun: string
}

export function Pager({ pagination, onPageChange, onPageSizeChange, noun }: PagerProps) {
  const { current_page: page, per_page: perPage, total } = pagination
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const first = total === 0 ? 0 : (page - 1) * perPage + 1
  const last = Math.min(total, page * perPage)
  return (
    <Flex as="nav" aria-label="Pages" wrap="wrap" gap="4" align="end" justify="space-between">
      <Text color="fg.muted" aria-live="polite">
        {`${first}–${last} of ${total} ${noun} · page ${page} of ${lastPage}`}
      </Text>
      <HStack gap="3" align="end">
        <div>
          <SelectField
            label="Per page"
            size="sm"
            value={String(perPage)}
            onValueChange={(value) => onPageSizeChange(Number(value))}
            options={adminPageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          />
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous page
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= lastPage}
          onClick={() => onPageChange(page + 1)}
        >
          Next page
        </Button>
      </HStack>
    </Flex>
  )
}
