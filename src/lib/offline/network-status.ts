import { HTTPError } from 'ky'
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { isNetworkFailure } from './network-failure'

// "Offline" for the banner: the browser says so, or the last fetch failed without any answer
// (navigator.onLine stays true on a captive portal or when only our server is unreachable).

let lastFetchFailed = false
const listeners = new Set<() => void>()

function set(value: boolean) {
  if (value === lastFetchFailed) return
  lastFetchFailed = value
  for (const listener of listeners) listener()
}

/** Follows the query cache: a network failure flags offline, any success clears it. */
export function trackNetworkFailures(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return
    const action = event.action
    if (action.type === 'success') set(false)
    else if (action.type === 'failed' || action.type === 'error') {
      if (!(action.error instanceof HTTPError) && isNetworkFailure(action.error)) set(true)
    }
  })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

const snapshot = () => !navigator.onLine || lastFetchFailed

export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false)
}
