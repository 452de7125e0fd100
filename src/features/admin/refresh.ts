import { liveRefresh } from '@/lib/query-client'

/**
 * The app's live-refresh preset, refreshed on every return to the tab ('always'): a queue an
 * operator returns to must not be 29 s old.
 */
export const adminLiveRefresh = { ...liveRefresh, refetchOnWindowFocus: 'always' } as const

/** Every admin query key; all start with ['admin'], so one invalidation refreshes all of them. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  items: (params: Record<string, string | number>) => ['admin', 'items', params] as const,
  item: (id: string) => ['admin', 'item', id] as const,
  users: (params: Record<string, string | number>) => ['admin', 'users', params] as const,
  terms: ['admin', 'terms'] as const,
  money: ['admin', 'money'] as const,
  reconciliation: ['admin', 'reconciliation'] as const,
  disputes: ['admin', 'disputes'] as const,
  balances: ['admin', 'balances'] as const,
}

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
