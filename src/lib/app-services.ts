import type { QueryClient } from '@tanstack/react-query'
import { startOffline } from './offline/start-offline'
import { queryClient } from './query-client'

export interface AppServices {
  queryClient: QueryClient
}

let started: Promise<AppServices> | undefined

/**
 * What the signed-in app runs on: the one QueryClient, with the offline layer started (saved
 * reads restored, outbox triggers). Loaded by the signed-in layout route on its first visit,
 * never by a public page, and started once.
 */
export function appServices(): Promise<AppServices> {
  started ??= startOffline(queryClient)
    .catch((error: unknown) => console.warn('Offline layer not started', error))
    .then(() => ({ queryClient }))
  return started
}

/** Drops every cached answer (a new sign-in must not see the previous user's data). */
export function forgetCachedData() {
  queryClient.clear()
}
