import { onlineManager, QueryClient } from '@tanstack/react-query'
import { HTTPError } from 'ky'

/**
 * Only a request that got no answer is tried again (twice). Any answer, a 4xx or a 5xx, is shown
 * at once: asking again hides the error for seconds and piles load on a server in trouble.
 * The offline banner says when retries are under way.
 */
export function retryNetworkFailures(failureCount: number, error: unknown) {
  if (error instanceof HTTPError) return false
  return failureCount < 2
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryNetworkFailures,
        staleTime: 30_000,
        // Offline (docs/design.md): try the network once, then keep showing the data saved on this
        // device (restored by lib/offline/persist-queries) while retries wait for the network.
        networkMode: 'offlineFirst',
        // Restored reads must outlive a page that is not mounted yet.
        gcTime: 24 * 60 * 60 * 1000,
        // docs/spec.md refresh rule: lists poll every 30 s only while the tab is visible (their own
        // refetchInterval), and refresh when the tab becomes visible again.
        refetchIntervalInBackground: false,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  })
}

/**
 * docs/spec.md sections 4 and 9: lists and dashboards refresh every 30 s while the tab is visible,
 * and again when it becomes visible (TanStack Query treats that as focus). Every live query
 * spreads this one preset.
 */
export const liveRefresh = {
  refetchInterval: 30_000,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
} as const

/**
 * A list's previous page or filter stays on screen while the next one loads (TanStack Query's
 * keepPreviousData), but only online: offline it would stand under the new filter as if it were its
 * answer, for as long as the network is away. There the page says the new one is not saved yet.
 */
export const keepPreviousOnline = <T>(previous: T | undefined): T | undefined =>
  onlineManager.isOnline() ? previous : undefined

/**
 * Queries whose answers are kept on this device for reading offline (lib/offline/persist-queries):
 * opt-in, so nothing is stored by default, and never a secret (a payment's client secret, a
 * one-time token) or data only needed online.
 */
export const offlineReadable = { meta: { persist: true } } as const

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean }
  }
}

/** The app's one QueryClient; tests make their own with createQueryClient(). */
export const queryClient = createQueryClient()
