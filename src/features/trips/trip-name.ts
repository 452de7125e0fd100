import type { Trip } from '@contract/trips'
import { formatPlace } from '@/lib/format'

/** The name the deliverer gave, or the route itself. */
export function tripTitle(trip: Pick<Trip, 'name' | 'origin' | 'destination'>): string {
  return trip.name ?? `${formatPlace(trip.origin)} → ${formatPlace(trip.destination)}`
}
