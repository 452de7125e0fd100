import { vi } from 'vitest'

/**
 * For the worker's unit tests: Cache Storage keyed by URL, as much of it as the worker's modules
 * and Workbox's strategies use, stubbed as the global `caches`. `link.online = false` makes
 * `addAll` fail as a dropped link does.
 */
export function fakeCaches() {
  const link = { online: true }
  const stored = new Map<string, Map<string, Response>>()
  const key = (request: RequestInfo) => (typeof request === 'string' ? request : request.url)
  const open = async (name: string) => {
    const entries = stored.get(name) ?? new Map<string, Response>()
    stored.set(name, entries)
    return {
      match: async (request: RequestInfo) => entries.get(key(request))?.clone(),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      put: async (request: RequestInfo, response: Response) => {
        entries.set(key(request), response)
      },
      addAll: async (urls: string[]) => {
        if (urls.length && !link.online) throw new TypeError('Failed to fetch')
        for (const url of urls) entries.set(url, new Response(url))
      },
      delete: async (request: RequestInfo) => entries.delete(key(request)),
    }
  }
  const match = async (request: RequestInfo) => {
    for (const entries of stored.values()) {
      const found = entries.get(key(request))
      if (found) return found.clone()
    }
    return undefined
  }
  vi.stubGlobal('caches', { open, match, keys: async () => [...stored.keys()] })
  return {
    link,
    open,
    /** The URLs stored in one cache, or in all of them, relative to `origin`, sorted. */
    urls: (origin: string, cacheName?: string) =>
      [...stored.entries()]
        .filter(([name]) => cacheName === undefined || name === cacheName)
        .flatMap(([, entries]) => [...entries.keys()])
        .map((url) => url.slice(origin.length + 1))
        .sort(),
  }
}
