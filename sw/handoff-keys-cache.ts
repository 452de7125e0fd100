/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { okOnly } from './ok-only'

/** GET /api/handoff-keys: public keys, not user data, so they stay at logout (decision 036). */
const HANDOFF_KEYS_CACHE = 'tote-handoff-keys-v1'

/**
 * The public keys that check handoff codes (decision 034), network first (a rotated set arrives
 * as soon as there is signal), else the last set fetched, with no expiry: a deliverer who opened
 * the app once online checks codes offline however long the signal stays away. The page also keeps
 * them in its persisted queries; this cache outlives their seven days.
 */
export function registerHandoffKeysCache(origin: string): void {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === origin && url.pathname === '/api/handoff-keys',
    new NetworkFirst({
      cacheName: HANDOFF_KEYS_CACHE,
      networkTimeoutSeconds: 3,
      plugins: [okOnly],
    }),
  )
}
