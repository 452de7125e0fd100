/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { okOnly } from './ok-only'

/** Place search answers (/api/places/*): what the user typed shows in the URLs, so it goes at logout. */
export const PLACES_CACHE = 'tote-places-v1'

/**
 * With the handoff keys (handoff-keys-cache.ts), the only /api answers the worker caches: place
 * names are not user data, and a search typed before still finds its places offline. Network first with a 3 s timeout, then the cache. Every
 * other /api call goes to the network untouched (the page keeps what the user may see, per user).
 */
export function registerPlacesCache(origin: string): void {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === origin && url.pathname.startsWith('/api/places/'),
    new NetworkFirst({
      cacheName: PLACES_CACHE,
      networkTimeoutSeconds: 3,
      plugins: [
        okOnly,
        new ExpirationPlugin({
          maxEntries: 200,
          maxAgeSeconds: 7 * 24 * 60 * 60,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  )
}
