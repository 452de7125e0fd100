import type { Location } from '@contract/items'
import type { Trip } from '@contract/trips'

/** Places within about a metre are the same place (a trip's ends travel through the URL). */
const samePlace = (a: Location, b: Location) =>
  Math.abs(a.lat - b.lat) < 1e-5 && Math.abs(a.lng - b.lng) < 1e-5

/** The saved trip on this route (origin and destination), if any: it is not offered again. */
export function savedTripOn(
  trips: readonly Trip[] | undefined,
  origin: Location,
  destination: Location,
): Trip | undefined {
  return trips?.find(
    (trip) => samePlace(trip.origin, origin) && samePlace(trip.destination, destination),
  )
}

/**
 * The trip the deliverer sets off on next (today or later, earliest first), if any. The dates are
 * ISO (YYYY-MM-DD), so they sort as plain strings; `localeCompare` would load the browser's collation
 * data on the Available items start (~80 ms on a phone, decision 052).
 */
export function nextTrip(trips: readonly Trip[] | undefined, today: string): Trip | undefined {
  let next: Trip | undefined
  for (const trip of trips ?? [])
    if (trip.travel_date >= today && (!next || trip.travel_date < next.travel_date)) next = trip
  return next
}
