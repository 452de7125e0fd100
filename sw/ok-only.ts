/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core'

/** Caches only real successes: no error pages, and no opaque answers (they cost ~7 MB of quota each). */
export const okOnly: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) => Promise.resolve(response.ok ? response : null),
}
