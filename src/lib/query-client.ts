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
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  })
}

/** The app's one QueryClient; tests make their own with createQueryClient(). */
export const queryClient = createQueryClient()
