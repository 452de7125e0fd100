import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react'
import { useState } from 'react'
import { FiltersSheet } from '@/components/filters-sheet'
import { useSearchText } from '@/lib/use-search-text'
import {
  availablePageSizes,
  DEFAULT_RADIUS_KM,
  radiusFromInput,
  type AvailableSearch,
} from './available-search'

interface AvailableFiltersProps {
  search: AvailableSearch
  onChange: (patch: Partial<AvailableSearch>) => void
}

export function AvailableFilters({ search, onChange }: AvailableFiltersProps) {
  const [text, setText] = useSearchText(search.search ?? '', (next) =>
    onChange({ search: next, page: undefined }),
  )
  const [radius, setRadius] = useState(search.radius ? String(search.radius) : '')
  // A radius set from elsewhere (the route Available items starts on: a saved trip's 50 km) shows
  // in the field; one this field sent does not overwrite what is being typed ("0.5" stays).
  const [knownRadius, setKnownRadius] = useState(search.radius)
  const [sentRadius, setSentRadius] = useState<{ value: number | undefined } | null>(null)
  if (search.radius !== knownRadius) {
    setKnownRadius(search.radius)
    if (!sentRadius || sentRadius.value !== search.radius)
      setRadius(search.radius ? String(search.radius) : '')
  }

  const radiusTooSmall = radius.trim() !== '' && Number.parseFloat(radius) < 1

  const set = [search.search, search.radius].filter((v) => v !== undefined && v !== '').length

  return (
    <FiltersSheet count={set}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Field.Root>
          <Field.Label>Search items</Field.Label>
          <Input
            type="search"
            placeholder="Name or description"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Field.Root>
        <Field.Root invalid={radiusTooSmall}>
          <Field.Label>Radius (km)</Field.Label>
          <Input
            type="number"
            min={1}
            inputMode="decimal"
            placeholder={String(DEFAULT_RADIUS_KM)}
            value={radius}
            onChange={(event) => {
              setRadius(event.target.value)
              const next = radiusFromInput(event.target.value)
              const sent = next === DEFAULT_RADIUS_KM ? undefined : next
              setSentRadius({ value: sent })
              onChange({ radius: sent, page: undefined })
            }}
          />
          {radiusTooSmall ? (
            <Field.ErrorText>The radius is at least 1 km; 1 km is used.</Field.ErrorText>
          ) : (
            <Field.HelperText>Empty means {DEFAULT_RADIUS_KM} km.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root>
          <Field.Label>Items per page</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={String(search.per_page ?? availablePageSizes[0])}
              onChange={(event) =>
                onChange({ per_page: Number(event.target.value), page: undefined })
              }
            >
              {availablePageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
    </FiltersSheet>
  )
}
