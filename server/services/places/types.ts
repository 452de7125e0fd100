import type { PlaceSuggestion } from '../../../contract/places'

/** Place search and reverse lookup (docs/design.md "Places"): the gazetteer or a Nominatim proxy. */
export interface PlaceService {
  /** Best matches first; an empty list when nothing matches or the service fails. */
  search(q: string, limit: number): Promise<PlaceSuggestion[]>
  /** The nearest named place, or null when there is none (or the service fails). */
  reverse(lat: number, lon: number): Promise<PlaceSuggestion | null>
}
