import type { PlaceSuggestion } from '../../../contract/places'
import type { PlaceService } from './types'

const NOMINATIM_TIMEOUT_MS = 5000

interface NominatimPlace {
  display_name?: unknown
  name?: unknown
  lat?: unknown
  lon?: unknown
  address?: Record<string, unknown>
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

/**
 * 'Place, Region, Country' as the embedded gazetteer names places (addressdetails=1): the place
 * is the city, town or village (else the answer's own name), the region its state or province.
 * Without address details, the service's own display_name.
 */
function placeName(p: NominatimPlace): string | undefined {
  const a = p.address
  if (!a) return text(p.display_name)
  const place =
    text(a.city) ?? text(a.town) ?? text(a.village) ?? text(a.municipality) ?? text(p.name)
  const parts = [place, text(a.state) ?? text(a.province) ?? text(a.region), text(a.country)]
  const unique = parts.filter((part, i): part is string => !!part && parts.indexOf(part) === i)
  return unique.length ? unique.join(', ') : text(p.display_name)
}

function toSuggestion(p: NominatimPlace | null | undefined): PlaceSuggestion | null {
  const display_name = p ? placeName(p) : undefined
  if (!p || !display_name) return null
  const lat = Number(p.lat)
  const lon = Number(p.lon)
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null
  return { display_name, lat, lon }
}

/** A proxy to a Nominatim service (NOMINATIM_URL); any failure or a 5 s timeout -> empty / null. */
export function nominatimPlaces(baseUrl: string, log?: (err: unknown) => void): PlaceService {
  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${baseUrl}/${path}`)
    url.search = new URLSearchParams({
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'en',
      ...params,
    }).toString()
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
        // Two answers that read the same (a town and its municipality) show once.
        const seen = new Set<string>()
        return body
          .map((p) => toSuggestion(p as NominatimPlace))
          .filter((p): p is PlaceSuggestion => {
            if (p === null || seen.has(p.display_name)) return false
            seen.add(p.display_name)
            return true
          })
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
