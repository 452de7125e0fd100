/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching'
import { WARM_MAP } from '../src/lib/offline/messages'
import { untilDoneOrUpdate } from './lifecycle'
import { urlOf } from './precache'

/** The map's code and the offline base map: cached after the first signed-in page (map-warmup.ts) or
 * when a map is first opened, whichever comes first. */
export const MAP_CODE_CACHE = 'tote-map-code-v1'

/**
 * The map's code (maplibre, its view and MapLibre's worker file, which the map loads from its own
 * URL) and the offline base map: large, and only for maps.
 */
export const isMapAsset = (url: string) =>
  /(^|\/)assets\/maplibre[^/]*\.(m?js|css)$/.test(url) || /(^|\/)map\/[^/]+\.geojson$/.test(url)

/**
 * The build's list of map assets is not precached at install (a first visit downloads no map);
 * the page asks for them (WARM_MAP) once a signed-in page is up and the browser is idle, so they
 * are on the device before the user goes offline. They go to the map code cache, which the
 * runtime route (map-cache.ts) answers from.
 */
export function registerMapWarmup(
  scope: ServiceWorkerGlobalScope,
  entries: (string | PrecacheEntry)[],
): void {
  const urls = entries.map((e) => new URL(urlOf(e), scope.location.origin).href)
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== WARM_MAP) return
    // addAll writes all or nothing, so a download cut short by an update leaves no half map.
    const warm = caches.open(MAP_CODE_CACHE).then(async (cache) => {
      const missing = []
      for (const url of urls) if (!(await cache.match(url))) missing.push(url)
      await cache.addAll(missing)
    })
    event.waitUntil(untilDoneOrUpdate(scope, warm))
  })
}
