import { matchesCorridor, pathOf } from './corridor-geometry'

export interface MatchItem {
  fromLat: number
  fromLng: number
  toLat: number
  toLng: number
}

export interface MatchTrip {
  originLat: number
  originLng: number
  destinationLat: number
  destinationLng: number
  radiusKm: number
}

/**
 * Whether an item lies on a trip's route: the corridor rule of /available-items
 * (docs/decisions/023-corridor-matching.md), so a trip alerts about exactly the items its search
 * would list: pickup and drop-off within radius_km of the path, the pickup not after the drop-off.
 * The matching job only preselects trips by date and sender in SQL, then asks this.
 */
export function itemOnTrip(item: MatchItem, trip: MatchTrip): boolean {
  const path = pathOf(
    { lat: trip.originLat, lng: trip.originLng },
    { lat: trip.destinationLat, lng: trip.destinationLng },
    trip.radiusKm,
  )
  // An antipodal trip has no single route; such trips cannot be saved, but old rows could exist.
  if (!path) return false
  return matchesCorridor(
    path,
    { lat: item.fromLat, lng: item.fromLng },
    { lat: item.toLat, lng: item.toLng },
  )
}
