import type { PlaceSuggestion } from '../../../contract/places'
import type { PlaceService } from './types'

export const NOMINATIM_TIMEOUT_MS = 5000

interface NominatimPlace {
  display_name?: unknown
  lat?: unknown
  lon?: unknown
}

function toSuggestion(p: NominatimPlace | null | undefined): PlaceSuggestion | null {
  if (!p || typeof p.display_name !== 'string') return null
  const lat = Number(p.lat)
  const lon = Number(p.lon)
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null
  return { display_name: p.display_name, lat, lon }
}

/** A proxy to a Nominatim service (NOMINATIM_URL); any failure or a 5 s timeout -> empty / null. */
export function nominatimPlaces(baseUrl: string, log?: (err: unknown) => void): PlaceService {
  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${baseUrl}/${path}`)
    url.search = new URLSearchParams({ format: 'jsonv2', ...params }).toString()
    const res = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'Tote/0.1 (delivery marketplace)' },
      signal: AbortSignal.timeout(NOMINATIM_TIMEOUT_MS),
    })
    if (!res.ok) throw new Error(`Nominatim answered ${res.status}`)
    return res.json()
  }
  return {
    async search(q, limit) {
      try {
        const body = await get('search', { q, limit: String(limit) })
        if (!Array.isArray(body)) return []
        return body
          .map((p) => toSuggestion(p as NominatimPlace))
          .filter((p): p is PlaceSuggestion => p !== null)
          .slice(0, limit)
      } catch (err) {
        log?.(err)
        return []
      }
    },
    async reverse(lat, lon) {
      try {
        const body = await get('reverse', { lat: String(lat), lon: String(lon) })
        return toSuggestion(body as NominatimPlace)
      } catch (err) {
        log?.(err)
        return null
      }
    },
  }
}
