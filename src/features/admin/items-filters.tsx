import { Field, Input, SimpleGrid } from '@chakra-ui/react'
import { approvals, itemStatuses } from '@contract/lifecycle'
import { humanize } from '@/lib/format'
import type { ItemsSearch } from './search-schemas'
import { optionsOf, SelectField } from './select-field'
import { useSearchText } from '@/lib/use-search-text'
import { FiltersSheet } from '@/components/filters-sheet'

interface ItemsFiltersProps {
  search: ItemsSearch
  onChange: (patch: Partial<ItemsSearch>) => void
}

const statusOptions = optionsOf(itemStatuses, humanize)
const approvalOptions = optionsOf(approvals, humanize)

export function ItemsFilters({ search, onChange }: ItemsFiltersProps) {
  const [text, setText] = useSearchText(search.search ?? '', (next) => onChange({ search: next }))

  const set = [
    search.search,
    search.status,
    search.sending_approval,
    search.delivery_approval,
  ].filter(Boolean).length

  return (
    <FiltersSheet count={set}>
      <SimpleGrid
        role="search"
        aria-label="Filter items"
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="4"
        mb="4"
      >
        <Field.Root>
          <Field.Label>Search</Field.Label>
          <Input
            type="search"
            value={text}
            placeholder="Item name or sender"
            onChange={(event) => setText(event.target.value)}
          />
        </Field.Root>
        <SelectField
          label="Status"
          emptyLabel="All statuses"
          value={search.status ?? ''}
          options={statusOptions}
          onValueChange={(value) =>
            onChange({ status: (value || undefined) as ItemsSearch['status'] })
          }
        />
        <SelectField
          label="Sending approval"
          emptyLabel="Any sending approval"
          value={search.sending_approval ?? ''}
          options={approvalOptions}
          onValueChange={(value) =>
            onChange({ sending_approval: (value || undefined) as ItemsSearch['sending_approval'] })
          }
        />
        <SelectField
          label="Delivery approval"
          emptyLabel="Any delivery approval"
          value={search.delivery_approval ?? ''}
          options={approvalOptions}
          onValueChange={(value) =>
            onChange({
              delivery_approval: (value || undefined) as ItemsSearch['delivery_approval'],
            })
          }
        />
      </SimpleGrid>
    </FiltersSheet>
  )
}
