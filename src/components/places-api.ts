import type { z } from 'zod'
import { queryOptions } from '@tanstack/react-query'
import type { PlaceSuggestion, placeReverseAnswer, placeSearchAnswer } from '@contract/places'
import { api } from '@/lib/api-client'
import { formatCoordinates } from '@/lib/format'

async function searchPlaces(q: string): Promise<PlaceSuggestion[]> {
  try {
    const answer = await api
      .get('places/search', { searchParams: { q } })
      .json<z.infer<typeof placeSearchAnswer>>()
    return answer.data
  } catch {
    // docs/spec.md section 7: a search failure gives an empty list, never an error on screen.
    return []
  }
}

/** GET /api/places/search; the worker caches answers (sw/places-cache.ts), not IndexedDB. */
export function placeSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['places', 'search', query],
    queryFn: () => searchPlaces(query),
    staleTime: 5 * 60_000,
  })
}

/** GET /api/places/reverse; without an answer the coordinates stand in for the address. */
export async function reverseLookup(lat: number, lng: number): Promise<string> {
  try {
    const answer = await api
      .get('places/reverse', { searchParams: { lat, lon: lng } })
      .json<z.infer<typeof placeReverseAnswer>>()
    return answer.data?.display_name ?? formatCoordinates(lat, lng)
  } catch {
    return formatCoordinates(lat, lng)
  }
}
