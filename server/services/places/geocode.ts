import type { Location, LocationInput } from '../../../contract/items'
import { DomainError } from '../../errors'
import type { PlaceService } from './types'

const LOCATION_NOT_FOUND = 'Location not found'

/**
 * A location as a client sent it: {lat, lng, address?} as is, a plain string through the place
 * service (its first match) or a 400 'Location not found'. Shared by available-items and trips,
 * so a trip finds the same places as the search it saves.
 */
export async function geocode(places: PlaceService, input: LocationInput): Promise<Location> {
  if (typeof input !== 'string') return input
  const [hit] = await places.search(input, 1)
  if (!hit) throw new DomainError('VALIDATION_FAILED', LOCATION_NOT_FOUND)
  return { lat: hit.lat, lng: hit.lon, address: hit.display_name }
}
