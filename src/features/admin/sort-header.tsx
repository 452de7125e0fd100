import { Button, Table } from '@chakra-ui/react'

interface SortHeaderProps<C extends string> {
  column: C
  label: string
  sortBy: string
  sortOrder: 'asc' | 'desc'
  onSort: (column: C, order: 'asc' | 'desc') => void
}

/** A column header button; aria-sort on the header tells screen readers the current order. */
export function SortHeader<C extends string>({
  column,
  label,
  sortBy,
  sortOrder,
  onSort,
}: SortHeaderProps<C>) {
  const active = sortBy === column
  const ariaSort = active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'
  // A new column starts ascending for text, newest first for dates.
  const firstOrder = column.endsWith('_at') || column.endsWith('deadline') ? 'desc' : 'asc'
  const next = active ? (sortOrder === 'asc' ? 'desc' : 'asc') : firstOrder
  return (
    <Table.ColumnHeader aria-sort={ariaSort}>
      <Button
        variant="ghost"
        size="xs"
        px="1"
        fontWeight="semibold"
        onClick={() => onSort(column, next)}
      >
        {label}
        <span aria-hidden="true">{active ? (sortOrder === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </Button>
    </Table.ColumnHeader>
  )
}
