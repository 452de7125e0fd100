import { afterEach, describe, expect, it, vi } from 'vitest'
import { cacheNames } from 'workbox-core'
import { WARM_ROLE } from '../src/lib/offline/messages'
import { fakeCaches } from './fake-caches'
import { isRoleCode } from './role-chunks'
import { registerRoleCode, ROLE_CODE_CACHE } from './role-code'

vi.mock('workbox-routing', () => ({ registerRoute: vi.fn() }))

const ORIGIN = 'https://tote.test'

/** One version's build: the same chunk names, their own hashes. */
const build = (hash: string) => [
  { url: 'index.html', revision: 'r1' },
  `assets/vendor-${hash}.js`,
  `assets/app-${hash}.js`,
  `assets/sender-${hash}.js`,
  `assets/deliverer-${hash}.js`,
  `assets/qr-reader-${hash}.js`,
  `assets/admin-${hash}.js`,
  `assets/account-${hash}.js`,
]
const OLD = 'Aaaaaaa1'
const NEW = 'Bbbbbbb2'

/** The role code cache, seen as relative URLs; `put` stores a file as a page's fetch would. */
function roleCaches() {
  const caches = fakeCaches()
  return {
    files: () => caches.urls(ORIGIN, ROLE_CODE_CACHE),
    link: caches.link,
    put: (url: string, cacheName = ROLE_CODE_CACHE) =>
      caches.open(cacheName).then((c) => c.addAll([`${ORIGIN}/${url}`])),
  }
}

/** A worker of one version: its events fired by hand, each awaited to its end. */
function worker(entries: ReturnType<typeof build>) {
  const listeners = new Map<string, (event: unknown) => void>()
  const scope = {
    location: { origin: ORIGIN },
    registration: { waiting: null },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, listener)
    },
  } as unknown as ServiceWorkerGlobalScope
  registerRoleCode(scope, entries)
  const fire = async (type: string, extra: object = {}) => {
    let done: Promise<unknown> = Promise.resolve()
    listeners.get(type)!({ ...extra, waitUntil: (p: Promise<unknown>) => (done = p) })
    await done
  }
  return {
    install: () => fire('install'),
    activate: () => fire('activate'),
    message: (data: unknown) => fire('message', { data }),
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("a role's code", () => {
  it("is each role's chunk and the QR reader, never what every start runs", () => {
    for (const url of [
      'assets/sender-B0erNVw6.js',
      'assets/deliverer-CVt2Nbx5.js',
      'assets/admin-3RswI0Zx.js',
      'assets/qr-reader-CMykfxex.js',
    ])
      expect(isRoleCode(url), url).toBe(true)
    for (const url of [
      'assets/app-q5RmWk1Z.js',
      'assets/account-CG5AaM6f.js',
      'assets/vendor-BdpxlcT9.js',
      'assets/pages-Bt6__wvs.js',
      'assets/qr-D3-xSsJl.js',
      'index.html',
      'assets/deliverer-CVt2Nbx5.css',
    ])
      expect(isRoleCode(url), url).toBe(false)
  })

  it('is not downloaded by a first visit: the install caches none of it', async () => {
    const cache = roleCaches()
    await worker(build(NEW)).install()
    expect(cache.files()).toEqual([])
  })

  it('is cached for the role that signs in, and only for it', async () => {
    const cache = roleCaches()
    const sw = worker(build(NEW))
    await sw.install()
    await sw.message({ type: WARM_ROLE, role: 'deliverer' })
    expect(cache.files()).toEqual([`assets/deliverer-${NEW}.js`, `assets/qr-reader-${NEW}.js`])
    await sw.message({ type: WARM_ROLE, role: 'root' })
    await sw.message({ type: 'WARM_MAP' })
    expect(cache.files()).toHaveLength(2)
  })

  it("comes with an update for each role this device signed in as, and the old version's goes", async () => {
    const cache = roleCaches()
    for (const url of [`assets/deliverer-${OLD}.js`, `assets/qr-reader-${OLD}.js`])
      await cache.put(url)
    const next = worker(build(NEW))
    await next.install()
    expect(cache.files()).toEqual([
      `assets/deliverer-${OLD}.js`,
      `assets/deliverer-${NEW}.js`,
      `assets/qr-reader-${OLD}.js`,
      `assets/qr-reader-${NEW}.js`,
    ])
    await next.activate()
    expect(cache.files()).toEqual([`assets/deliverer-${NEW}.js`, `assets/qr-reader-${NEW}.js`])
  })

  it("comes for every role once with the update from a version that installed every role's", async () => {
    const cache = roleCaches()
    for (const url of [`assets/app-${OLD}.js`, `assets/sender-${OLD}.js`, `assets/admin-${OLD}.js`])
      await cache.put(url, cacheNames.precache)
    await worker(build(NEW)).install()
    expect(cache.files()).toEqual([
      `assets/admin-${NEW}.js`,
      `assets/deliverer-${NEW}.js`,
      `assets/qr-reader-${NEW}.js`,
      `assets/sender-${NEW}.js`,
    ])
  })

  it('comes at the activation for a sign-in made while the new version waited', async () => {
    const cache = roleCaches()
    const next = worker(build(NEW))
    await next.install()
    // Meanwhile the old version, still in charge, caches its own files for the deliverer.
    for (const url of [`assets/deliverer-${OLD}.js`, `assets/qr-reader-${OLD}.js`])
      await cache.put(url)
    await next.activate()
    expect(cache.files()).toEqual([`assets/deliverer-${NEW}.js`, `assets/qr-reader-${NEW}.js`])
  })

  it('lets a version activate offline, dropping only the old files', async () => {
    const cache = roleCaches()
    const next = worker(build(NEW))
    await next.install()
    await cache.put(`assets/admin-${NEW}.js`)
    await cache.put(`assets/deliverer-${OLD}.js`)
    cache.link.online = false
    await next.activate()
    expect(cache.files()).toEqual([`assets/admin-${NEW}.js`])
  })
})
