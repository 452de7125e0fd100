/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { cacheNames } from 'workbox-core'
import type { Role } from '../contract/user'
import { WARM_ROLE } from '../src/lib/offline/messages'
import { untilDoneOrUpdate } from './lifecycle'
import { okOnly } from './ok-only'
import { urlOf } from './precache'
import { chunkName, isRoleCode, ROLE_CHUNKS } from './role-chunks'

/** The code only a signed-in role runs, cached for the roles this device has signed in as. */
export const ROLE_CODE_CACHE = 'tote-role-code-v1'

const ROLES = Object.keys(ROLE_CHUNKS) as Role[]

/**
 * A first visit is offline-ready without the pages of a role it has not signed in as (decision
 * 053): each role's code (sender 20 KB, deliverer 28 KB with the QR reader, admin 15 KB,
 * brotli) is cached once someone signs in as that role:
 * - as the page fetches it (the route below, cache first: the names are hashed),
 * - when the first signed-in page asks (WARM_ROLE), for the chunks it has not opened yet,
 * - at the install of a new version, for every role whose code the old one had cached, so an
 *   update never leaves a signed-in device without its pages offline; again at its activation,
 *   for a sign-in made while it waited.
 * Files of older versions go when a new version activates.
 */
export function registerRoleCode(
  scope: ServiceWorkerGlobalScope,
  entries: (string | PrecacheEntry)[],
): void {
  const origin = scope.location.origin
  const filesOf = (names: readonly string[]) =>
    entries
      .map(urlOf)
      .filter((url) => names.includes(chunkName(url) ?? ''))
      .map((url) => new URL(url, origin).href)
  const roleUrls = filesOf(Object.values(ROLE_CHUNKS).flat())
  const urlsOf = (roles: readonly Role[]) => filesOf(roles.flatMap((role) => ROLE_CHUNKS[role]))
  const addMissing = async (roles: readonly Role[]) => {
    const cache = await caches.open(ROLE_CODE_CACHE)
    const missing = []
    for (const url of urlsOf(roles)) if (!(await cache.match(url))) missing.push(url)
    // addAll writes all or nothing: a role is cached whole or not at all.
    await cache.addAll(missing)
  }
  /** The roles this device needs offline: each one whose code it has cached. */
  const rolesOnDevice = async (): Promise<readonly Role[]> => {
    const paths = async (cacheName: string) =>
      (await (await caches.open(cacheName)).keys()).map((r) => new URL(r.url).pathname)
    // A version before this one kept every role's code in its precache and cached none here: all
    // of them once (~60 KB), after which only the roles this device signs in as.
    if ((await paths(cacheNames.precache)).some(isRoleCode)) return ROLES
    const cached = (await paths(ROLE_CODE_CACHE)).map(chunkName)
    return ROLES.filter((role) => cached.includes(role))
  }

  scope.addEventListener('install', (event) => {
    event.waitUntil(rolesOnDevice().then(addMissing))
  })
  scope.addEventListener('activate', (event) => {
    const current = new Set(roleUrls)
    const settle = (async () => {
      // Someone signed in while this version waited (its install ran before; the old version cached
      // its own files of the role): this version's now, while the network lets; offline, the
      // page's next start online brings it.
      await rolesOnDevice()
        .then(addMissing)
        .catch(() => {})
      const cache = await caches.open(ROLE_CODE_CACHE)
      for (const request of await cache.keys()) {
        if (!current.has(request.url)) await cache.delete(request)
      }
    })()
    event.waitUntil(settle)
  })
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as { type?: unknown; role?: unknown } | null
    if (data?.type !== WARM_ROLE) return
    const role = ROLES.find((r) => r === data.role)
    if (role) event.waitUntil(untilDoneOrUpdate(scope, addMissing([role])))
  })
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === origin && isRoleCode(url.pathname),
    new CacheFirst({ cacheName: ROLE_CODE_CACHE, plugins: [okOnly] }),
  )
}
