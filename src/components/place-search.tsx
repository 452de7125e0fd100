import type { Location } from '@contract/items'

export interface PlaceSearchProps {
  /** Visible label of the search field. */
  label: string
  value: Location | null
  onChange: (value: Location | null) => void
  /** Shown under the field (e.g. a validation error). */
  error?: string
  required?: boolean
}

// Placeholder until the place search with suggestions lands (deliverer work).
export function PlaceSearch({ label }: PlaceSearchProps) {
  return <p>{label}</p>
}
