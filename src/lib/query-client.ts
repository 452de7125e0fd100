import { QueryClient } from '@tanstack/react-query'
import { HTTPError } from 'ky'

function retry(failureCount: number, error: unknown) {
  // A 4xx will not get better by asking again; network hiccups and 5xx might.
  if (error instanceof HTTPError && error.response.status < 500) return false
  return failureCount < 2
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry,
        staleTime: 30_000,
        // Offline (DESIGN.md): try the network once, then keep showing the data saved on this
        // device (restored by lib/offline/persist-queries) while retries wait for the network.
        networkMode: 'offlineFirst',
        // Restored reads must outlive a page that is not mounted yet.
        gcTime: 24 * 60 * 60 * 1000,
        // SPEC.md refresh rule: lists poll every 30 s only while the tab is visible (their own
        // refetchInterval), and refresh when the tab becomes visible again.
        refetchIntervalInBackground: false,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  })
}

/** The app's one QueryClient; tests make their own with createQueryClient(). */
export const queryClient = createQueryClient()
