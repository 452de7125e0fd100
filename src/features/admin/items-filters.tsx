import { Field, Input, SimpleGrid } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { approval, itemStatuses } from '@contract/items'
import { humanize } from '@/lib/format'
import type { ItemsSearch } from './search-schemas'
import { optionsOf, SelectField } from './select-field'
import { useDebouncedValue } from '@/lib/use-debounced-value'

interface ItemsFiltersProps {
  search: ItemsSearch
  onChange: (patch: Partial<ItemsSearch>) => void
}

const statusOptions = optionsOf(itemStatuses, humanize)
const approvalOptions = optionsOf(approval.options, humanize)

export function ItemsFilters({ search, onChange }: ItemsFiltersProps) {
  const [text, setText] = useState(search.search ?? '')
  const debounced = useDebouncedValue(text)
  // A ref so the effect fires on the debounced text only, not on every new onChange identity.
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })
  const current = search.search ?? ''
  useEffect(() => {
    // SPEC.md section 5: trimmed, and sent only when not empty.
    const trimmed = debounced.trim()
    if (trimmed !== current) onChangeRef.current({ search: trimmed || undefined })
  }, [debounced, current])

  return (
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
          onChange({ delivery_approval: (value || undefined) as ItemsSearch['delivery_approval'] })
        }
      />
    </SimpleGrid>
  )
}
