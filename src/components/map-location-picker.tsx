import type { PlaceSearchProps } from './place-search'

// Placeholder until the MapLibre picker lands (deliverer work). Same props as PlaceSearch.
export function MapLocationPicker({ label }: PlaceSearchProps) {
  return <p>{label}</p>
}
