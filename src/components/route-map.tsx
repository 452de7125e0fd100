import type { Location } from '@contract/items'

export interface RouteMapProps {
  from: Location
  to: Location
  /** Accessible name of the map region. */
  label?: string
}

// Placeholder until the read-only route map lands (deliverer work).
export function RouteMap({ from, to }: RouteMapProps) {
  return (
    <p>
      {from.address ?? `${from.lat}, ${from.lng}`} → {to.address ?? `${to.lat}, ${to.lng}`}
    </p>
  )
}
