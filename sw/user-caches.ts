/// <reference lib="webworker" />
import { CLEAR_USER_CACHES } from '../src/lib/offline/messages'
import { PLACES_CACHE } from './places-cache'

/** Runtime caches that could hold something of the user's (searches typed); map tiles are public. */
const USER_CACHES = [PLACES_CACHE]

/** At logout the page asks the worker to forget what it cached for this user. */
export function registerUserCacheClearing(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data: unknown = event.data
    if ((data as { type?: unknown } | null)?.type !== CLEAR_USER_CACHES) return
    event.waitUntil(Promise.all(USER_CACHES.map((name) => caches.delete(name))))
  })
}
