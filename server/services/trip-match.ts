/** earthdistance's earth radius in metres, so a trip matches what /available-items shows. */
const EARTH_M = 6378168
const RAD = Math.PI / 180

/** Great-circle distance in km between two points (haversine). */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dLat = (bLat - aLat) * RAD
  const dLng = (bLng - aLng) * RAD
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(aLat * RAD) * Math.cos(bLat * RAD) * Math.sin(dLng / 2) ** 2
  return (2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)))) / 1000
}

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
 * Whether an item lies on a trip's route: the one place that rule lives (the matching job only
 * preselects trips by date and sender in SQL, then asks this).
 *
 * TODO(issue 16): use the corridor rule of services/corridor-geometry.ts once it lands
 * (for now: pickup within radius_km of the origin and drop-off within radius_km of the destination).
 */
export function itemOnTrip(item: MatchItem, trip: MatchTrip): boolean {
  return (
    distanceKm(item.fromLat, item.fromLng, trip.originLat, trip.originLng) <= trip.radiusKm &&
    distanceKm(item.toLat, item.toLng, trip.destinationLat, trip.destinationLng) <= trip.radiusKm
  )
}
