import type { Location } from '@contract/items'
import { locationParam, numberIn, oneOf, positiveInt } from '@/lib/search-params'

// Not imported from contract/deliveries.ts: that would pull zod into the first load
// (validateSearch is not code-split) and, from the page, run every schema of the contract at its
// start.
/** The list's page sizes (the API takes any per_page up to 100). */
export const availablePageSizes = [10, 20, 50, 100] as const
/** docs/spec.md sections 5 and 9 (contract/deliveries.ts has the API's copy). */
export const DEFAULT_RADIUS_KM = 10

/** /available-items keeps its choices in the URL, so a reload or a shared link keeps them. */
export interface AvailableSearch {
  origin?: Location
  destination?: Location
  radius?: number
  page?: number
  per_page?: number
  search?: string
}

export function parseAvailableSearch(raw: Record<string, unknown>): AvailableSearch {
  const parsed: AvailableSearch = {
    origin: locationParam(raw.origin),
    destination: locationParam(raw.destination),
    radius: numberIn(raw.radius, 1, 500),
    page: positiveInt(raw.page),
    per_page: oneOf(availablePageSizes, raw.per_page),
    search: typeof raw.search === 'string' ? raw.search : undefined,
  }
  for (const key of Object.keys(parsed) as (keyof AvailableSearch)[]) {
    if (parsed[key] === undefined) delete parsed[key]
  }
  return parsed
}

/** docs/spec.md section 5: minimum 1; empty (or not a number) means the default 10. */
export function radiusFromInput(input: string): number {
  const value = Number.parseFloat(input)
  if (input.trim() === '' || Number.isNaN(value)) return DEFAULT_RADIUS_KM
  return Math.min(500, Math.max(1, value))
}

const LIST_SEARCH_KEY = 'tote.available-items.search'

/** Keeps the list's choices for this tab, so leaving an item detail returns to the same route. */
export function rememberListSearch(search: AvailableSearch): void {
  try {
    sessionStorage.setItem(LIST_SEARCH_KEY, JSON.stringify(search))
  } catch {
    // storage unavailable (private mode, quota): the list then starts empty, as on a fresh visit
  }
}

/** The list's last choices in this tab (validated again), or none. */
export function lastListSearch(): AvailableSearch {
  try {
    const raw = sessionStorage.getItem(LIST_SEARCH_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : null
    return parsed && typeof parsed === 'object'
      ? parseAvailableSearch(parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

const lastRouteKey = (userId: string) => `tote.available-items.last-route:${userId}`

/** A route the deliverer searched, kept on this device so Available items opens with it next time. */
export function rememberLastRoute(userId: string, search: AvailableSearch): void {
  if (!search.origin || !search.destination) return
  const route = { origin: search.origin, destination: search.destination, radius: search.radius }
  try {
    localStorage.setItem(lastRouteKey(userId), JSON.stringify(route))
  } catch {
    // storage unavailable: the next visit starts from a saved trip or the newest items
  }
}

/** The deliverer's last route on this device (validated again), or null. */
export function lastRoute(userId: string): AvailableSearch | null {
  try {
    const raw = localStorage.getItem(lastRouteKey(userId))
    const parsed: unknown = raw ? JSON.parse(raw) : null
    if (!parsed || typeof parsed !== 'object') return null
    const search = parseAvailableSearch(parsed as Record<string, unknown>)
    return search.origin && search.destination ? search : null
  } catch {
    return null
  }
}
