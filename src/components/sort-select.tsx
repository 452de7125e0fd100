import { Field, NativeSelect } from '@chakra-ui/react'

export interface SortChoice<Column extends string> {
  label: string
  sort_by: Column
  sort_order: 'asc' | 'desc'
}

const key = (sortBy: string, order: string) => `${sortBy}:${order}`

/** A list's sort as one choice, for its cards on phones (the table sorts by its column headers). */
export function SortSelect<Column extends string>({
  choices,
  sortBy,
  sortOrder,
  onChange,
}: {
  choices: SortChoice<Column>[]
  sortBy: Column
  sortOrder: 'asc' | 'desc'
  onChange: (sortBy: Column, sortOrder: 'asc' | 'desc') => void
}) {
  const current = key(sortBy, sortOrder)
  const known = choices.some((c) => key(c.sort_by, c.sort_order) === current)
  return (
    <Field.Root mb="3">
      <Field.Label>Sort by</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={known ? current : ''}
          onChange={(event) => {
            const choice = choices.find((c) => key(c.sort_by, c.sort_order) === event.target.value)
            if (choice) onChange(choice.sort_by, choice.sort_order)
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
