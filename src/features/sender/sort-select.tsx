import { Field, NativeSelect } from '@chakra-ui/react'
import type { ItemsSearch, SortColumn } from './items-search'

const choices: { label: string; sort_by: SortColumn; sort_order: 'asc' | 'desc' }[] = [
  { label: 'Newest first', sort_by: 'created_at', sort_order: 'desc' },
  { label: 'Oldest first', sort_by: 'created_at', sort_order: 'asc' },
  { label: 'Deadline, soonest first', sort_by: 'delivery_deadline', sort_order: 'asc' },
  { label: 'Price, highest first', sort_by: 'sender_price', sort_order: 'desc' },
  { label: 'Price, lowest first', sort_by: 'sender_price', sort_order: 'asc' },
  { label: 'Name, A to Z', sort_by: 'name', sort_order: 'asc' },
  { label: 'Status', sort_by: 'status', sort_order: 'asc' },
]

const key = (sortBy: string, order: string) => `${sortBy}:${order}`

/** The cards' sort (phones): the table's sortable columns as one choice. */
export function SortSelect({
  search,
  onChange,
}: {
  search: ItemsSearch
  onChange: (patch: Partial<ItemsSearch>) => void
}) {
  const current = key(search.sort_by, search.sort_order)
  const known = choices.some((c) => key(c.sort_by, c.sort_order) === current)
  return (
    <Field.Root mb="3">
      <Field.Label>Sort by</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={known ? current : ''}
          onChange={(event) => {
            const choice = choices.find((c) => key(c.sort_by, c.sort_order) === event.target.value)
            if (choice)
              onChange({ sort_by: choice.sort_by, sort_order: choice.sort_order, page: 1 })
          }}
        >
          {!known && <option value="">As chosen</option>}
          {choices.map((c) => (
            <option key={key(c.sort_by, c.sort_order)} value={key(c.sort_by, c.sort_order)}>
              {c.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}
