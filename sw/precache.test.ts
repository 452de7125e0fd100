import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeCaches } from './fake-caches'
import type { registerPrecache } from './precache'

vi.mock('workbox-routing', () => ({ registerRoute: vi.fn() }))

/** Workbox resolves the list against the page's own location. */
const ORIGIN = location.origin

/** Workbox checks its events' class outside production builds; a worker's events are these. */
class ExtendableEvent extends Event {
  private pending: Promise<unknown>[] = []
  waitUntil(promise: Promise<unknown>) {
    this.pending.push(promise)
  }
  /** Everything the listeners handed to waitUntil, settled as the browser would see it. */
  settled() {
    return Promise.all(this.pending)
  }
}

class FetchEvent extends ExtendableEvent {}

/** The network: each file answers its text, unless `answers` says a status or a dropped link. */
function fakeNetwork(answers: Record<string, number | 'down'> = {}) {
  const requests: Request[] = []
  vi.stubGlobal('fetch', async (input: Request) => {
    requests.push(input)
    const path = new URL(input.url).pathname.slice(1)
    const answer = answers[path] ?? 200
    if (answer === 'down') throw new TypeError('Failed to fetch')
    return new Response(path, { status: answer })
  })
  return requests
}

/** A new worker (its own module state, as each version has) whose install is fired by hand;
 * resolves or rejects as the browser would judge the install. */
async function install(entries: Parameters<typeof registerPrecache>[1]) {
  vi.resetModules()
  const { registerPrecache } = await import('./precache')
  const listeners = new Map<string, (event: Event) => void>()
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: Event) => void) => {
      listeners.set(type, listener)
    },
  } as unknown as ServiceWorkerGlobalScope
  vi.stubGlobal('ExtendableEvent', ExtendableEvent)
  vi.stubGlobal('FetchEvent', FetchEvent)
  registerPrecache(scope, entries)
  const event = new ExtendableEvent('install')
  listeners.get('install')!(event)
  return event.settled()
}

const files = (count: number) => Array.from({ length: count }, (_, i) => `assets/file-${i}.js`)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the worker's install", () => {
  it('stores every listed file, past the HTTP cache for those with a revision', async () => {
    const caches = fakeCaches()
    const requests = fakeNetwork()
    await install([{ url: 'index.html', revision: 'r1' }, ...files(13)])
    expect(caches.urls(ORIGIN)).toEqual(
      ['index.html?__WB_REVISION__=r1', ...files(13)].sort((a, b) => a.localeCompare(b)),
    )
    const index = requests.find((r) => r.url.includes('index.html'))
    expect(index?.cache).toBe('reload')
    expect(requests.find((r) => r.url.endsWith('file-0.js'))?.cache).toBe('default')
    // Each file once: the second, one-by-one round trip of Workbox's own install is gone.
    expect(requests).toHaveLength(14)
    expect(requests.every((r) => r.keepalive)).toBe(true)
  })

  it('fails when one file answers an error, and fetches no further files after it', async () => {
    fakeCaches()
    const requests = fakeNetwork({ 'assets/file-2.js': 404 })
    await expect(install(files(40))).rejects.toThrow(/file-2\.js/)
    // The fakes answer without timers: one turn of the event loop lets every worker still
    // running reach its end. Six at a time: those under way finish, no new one starts.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(requests.length).toBeLessThanOrEqual(2 + 6)
  })

  it('fails when the link drops during it, so the previous version keeps the pages', async () => {
    fakeCaches()
    fakeNetwork({ 'assets/file-5.js': 'down' })
    await expect(install(files(8))).rejects.toThrow('Failed to fetch')
  })
})
