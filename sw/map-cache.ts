/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { isMapAsset, MAP_CODE_CACHE } from './map-warmup'
import { okOnly } from './ok-only'

/** Map style, tiles, glyphs and sprites: public, never user data (kept at logout). */
const MAP_CACHE = 'tote-map-v1'

const DAY = 24 * 60 * 60

/** Whether a request is for map resources: tiles (vector or raster), style, glyphs, sprites. */
function isMapResource(url: URL, sameOrigin: boolean): boolean {
  if (sameOrigin && url.pathname.startsWith('/api/')) return false
  const path = url.pathname
  return (
    /\.(pbf|mvt)$/.test(path) ||
    /\/tiles?\//.test(path) ||
    /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(path) ||
    /\/(fonts|glyphs)\/.+\.pbf$/.test(path) ||
    /\/sprites?(@2x)?(\.json|\.png|\/)/.test(path) ||
    /\/style\.json$/.test(path)
  )
}

export function registerMapCache(origin: string): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isMapResource(url, url.origin === origin),
    new CacheFirst({
      cacheName: MAP_CACHE,
      plugins: [
        okOnly,
        new ExpirationPlugin({
          maxEntries: 2000,
          maxAgeSeconds: 30 * DAY,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  )
  registerRoute(
    ({ url }) => url.origin === origin && isMapAsset(url.pathname.slice(1)),
    new CacheFirst({
      cacheName: MAP_CODE_CACHE,
      plugins: [
        okOnly,
        // Hashed file names: an old version is never asked for again once a new one ships.
        new ExpirationPlugin({ maxEntries: 12, maxAgeSeconds: 90 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  )
}
