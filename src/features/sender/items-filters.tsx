import { Field, Grid, Input, NativeSelect } from '@chakra-ui/react'
import { itemStatuses } from '@contract/lifecycle'
import { categoryList, pageSizeList, type ItemsSearch } from './items-search'
import { statusLabels } from '@contract/item-stage'
import { capitalise } from '@/lib/format'
import { useSearchText } from '@/lib/use-search-text'
import { FiltersSheet } from '@/components/filters-sheet'

interface ItemsFiltersProps {
  search: ItemsSearch
  onChange: (patch: Partial<ItemsSearch>) => void
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  children: React.ReactNode
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

export function ItemsFilters({ search, onChange }: ItemsFiltersProps) {
  // Only a settled, changed search goes into the URL (and so into the query).
  const [text, setText] = useSearchText(search.search ?? '', (next) =>
    onChange({ search: next, page: 1 }),
  )

  const set = [search.search, search.status, search.category].filter(Boolean).length

  return (
    <FiltersSheet count={set}>
      <Grid
        templateColumns={{ base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr' }}
        gap="4"
        mb="4"
        role="search"
      >
        <Field.Root>
          <Field.Label>Search items</Field.Label>
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name or description"
          />
        </Field.Root>
        <Select
          label="Status"
          value={search.status ?? ''}
          onChange={(v) => onChange({ status: (v || undefined) as ItemsSearch['status'], page: 1 })}
        >
          <option value="">All statuses</option>
          {itemStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </Select>
        <Select
          label="Category"
          value={search.category ?? ''}
          onChange={(v) =>
            onChange({ category: (v || undefined) as ItemsSearch['category'], page: 1 })
          }
        >
          <option value="">All categories</option>
          {categoryList.map((c) => (
            <option key={c} value={c}>
              {capitalise(c)}
            </option>
          ))}
        </Select>
        <Select
          label="Items per page"
          value={String(search.per_page)}
          onChange={(v) => onChange({ per_page: Number(v) as ItemsSearch['per_page'], page: 1 })}
        >
          {pageSizeList.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </Grid>
    </FiltersSheet>
  )
}
