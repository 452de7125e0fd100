/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching'
import type { WorkboxPlugin } from 'workbox-core'

/** Parallel fetches: what Chromium opens to one HTTP/1.1 origin. */
const CONCURRENCY = 6

const urlOf = (entry: string | PrecacheEntry) => (typeof entry === 'string' ? entry : entry.url)
const hasRevision = (entry: string | PrecacheEntry) =>
  typeof entry !== 'string' && Boolean(entry.revision)

/** The shell first: styles and the code every page starts with, then the pages' own chunks. */
function shellFirst(a: string, b: string) {
  const rank = (url: string) =>
    url.endsWith('.css') ? 0 : /\/(index|boot)-[^/]*\.js$/.test(url) ? 1 : 2
  return rank(a) - rank(b)
}

/**
 * Workbox installs its precache one file at a time (workbox issue 2528): on a 150 ms link that was
 * 23 s for ~140 files before the app worked offline (issue 12). When the install starts, this
 * fetches the hashed files (immutable, so kept by the HTTP cache) six at a time, shell first;
 * Workbox's own fetch of each file waits for ours (the plugin) and is answered from the HTTP
 * cache, so Workbox still does the caching, the integrity and the cleanup. Files with a revision
 * (index.html, icons) are fetched by Workbox itself with `cache: 'reload'`.
 *
 * Register before `precache`, so the warm-up has started when Workbox's loop asks for a file.
 */
export function registerPrecacheWarmup(
  scope: ServiceWorkerGlobalScope,
  entries: (string | PrecacheEntry)[],
): WorkboxPlugin {
  const inflight = new Map<string, Promise<void>>()
  scope.addEventListener('install', (event) => {
    const urls = entries
      .filter((entry) => !hasRevision(entry))
      .map((entry) => new URL(urlOf(entry), scope.location.origin).href)
      .sort(shellFirst)
    const queue = [...urls]
    const settled = new Map<string, () => void>()
    for (const url of urls) {
      inflight.set(url, new Promise<void>((resolve) => settled.set(url, resolve)))
    }
    const worker = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        try {
          // Read to the end: only a complete body is written to the HTTP cache.
          await (await fetch(url, { credentials: 'same-origin' })).arrayBuffer()
        } catch {
          // Workbox's own fetch of this file fails or succeeds on its own terms.
        }
        settled.get(url)?.()
      }
    }
    event.waitUntil(Promise.all(Array.from({ length: CONCURRENCY }, worker)))
  })
  return {
    requestWillFetch: async ({ request }) => {
      await inflight.get(request.url)
      return request
    },
  }
}
