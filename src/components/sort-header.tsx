import { Button, Table } from '@chakra-ui/react'

interface SortHeaderProps<C extends string> {
  column: C
  label: string
  sortBy: string
  sortOrder: 'asc' | 'desc'
  /** The list decides the new order (e.g. a first click on a date sorts newest first). */
  onSort: (column: C) => void
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
  return (
    <Table.ColumnHeader aria-sort={ariaSort} whiteSpace="nowrap">
      <Button variant="ghost" size="xs" px="1" fontWeight="semibold" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (sortOrder === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </Button>
    </Table.ColumnHeader>
  )
}
