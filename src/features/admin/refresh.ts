/**
 * docs/spec.md section 4 and 9: admin lists and the dashboard refresh every 30 s while the tab is
 * visible, and again as soon as it becomes visible (Query's focus manager listens to
 * visibilitychange). 'always' because a queue an operator returns to must not be 29 s old.
 */
export const liveRefresh = {
  refetchInterval: 30_000,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
} as const

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
