import { liveRefresh } from '@/lib/query-client'

/**
 * The app's live-refresh preset, refreshed on every return to the tab ('always'): a queue an
 * operator returns to must not be 29 s old.
 */
export const adminLiveRefresh = { ...liveRefresh, refetchOnWindowFocus: 'always' } as const

/** Every admin query starts with this key, so one invalidation refreshes all of them. */
export const adminKey = ['admin'] as const

/** Drops undefined and empty values so the URL and the query string stay clean. */
export function definedParams(
  params: Record<string, string | number | undefined>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') out[key] = value
  }
  return out
}
