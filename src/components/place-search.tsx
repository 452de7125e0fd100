import { Box, Field, Input, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'
import type { Location } from '@contract/items'
import type { PlaceSuggestion } from '@contract/places'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { placeSearchQueryOptions } from './places-api'

export interface PlaceSearchProps {
  /** Visible label of the search field. */
  label: string
  value: Location | null
  onChange: (value: Location | null) => void
  /** Shown under the field (e.g. a validation error). */
  error?: string
  required?: boolean
}

/** docs/spec.md section 9: place search waits 400 ms after the last keystroke. */
const PLACE_SEARCH_DEBOUNCE_MS = 400

/** A combobox (WAI-ARIA 1.2 pattern with aria-activedescendant) over GET /api/places/search. */
export function PlaceSearch({ label, value, onChange, error, required }: PlaceSearchProps) {
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState(value?.address ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const query = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS)

  // A point picked elsewhere (the map) shows its address here.
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    setText(value?.address ?? '')
    setOpen(false)
  }

  const suggestions = useQuery({
    ...placeSearchQueryOptions(query),
    enabled: open && query.length > 0,
  })
  const options = open && query.length > 0 ? (suggestions.data ?? []) : []
  const expanded = options.length > 0

  function choose(option: PlaceSuggestion) {
    const next = { lat: option.lat, lng: option.lon, address: option.display_name }
    setShown(next)
    setText(option.display_name)
    setOpen(false)
    setActive(-1)
    onChange(next)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault()
      setActive((i) => (i + 1) % options.length)
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault()
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1))
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={{ errorText: `${id}-error` }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Box position="relative" width="full">
        <Input
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          placeholder="Search for a city or address"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
            setActive(-1)
            if (event.target.value.trim() === '' && value) onChange(null)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <Box
          as="ul"
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          position="absolute"
          zIndex="dropdown"
          insetX="0"
          top="100%"
          mt="1"
          bg="bg"
          borderWidth="1px"
          rounded="md"
          shadow="md"
          maxH="64"
          overflowY="auto"
          listStyleType="none"
        >
          {options.map((option, index) => (
            <Box
              as="li"
              key={`${option.lat},${option.lon},${index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              px="3"
              py="2"
              cursor="pointer"
              bg={index === active ? 'brand.subtle' : undefined}
              _hover={{ bg: 'bg.muted' }}
              // mousedown, not click: it comes before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option)
              }}
            >
              <Text fontSize="sm">{option.display_name}</Text>
            </Box>
          ))}
        </Box>
      </Box>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
