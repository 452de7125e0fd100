/// <reference lib="webworker" />
// The service worker: wires the pieces together, one concern per module.
// - precache: the app shell and hashed assets built by Vite (self.__WB_MANIFEST, injected at build),
//   minus the map (map-warmup: cached once a signed-in page asks) and the signed-in roles' code
//   (role-code: cached for the roles that sign in on this device), fetched and stored six at a
//   time (precache)
// - navigation: client routes answered with the precached shell, so the app opens offline
// - map-cache / places-cache / handoff-keys-cache: runtime caches of public data (tiles, place
//   names, the keys that check handoff codes); no other /api answer is ever cached here: the page
//   keeps the user's data, per user, in IndexedDB
// - user-caches: logout drops runtime caches that could hold user data
// - outbox-sync: Background Sync replays the offline outbox (src/lib/outbox)
// - push: trip alerts shown as notifications, opening the item on click
// - lifecycle: a new version waits until the user accepts the update prompt
import { cleanupOutdatedCaches } from 'workbox-precaching'
import { registerHandoffKeysCache } from './handoff-keys-cache'
import { registerLifecycle } from './lifecycle'
import { registerMapCache } from './map-cache'
import { isMapAsset, registerMapWarmup } from './map-warmup'
import { registerNavigation } from './navigation'
import { registerOutboxSync } from './outbox-sync'
import { registerPlacesCache } from './places-cache'
import { registerPush } from './push'
import { registerPrecache, urlOf } from './precache'
import { isRoleCode } from './role-chunks'
import { registerRoleCode } from './role-code'
import { registerUserCacheClearing } from './user-caches'

declare const self: ServiceWorkerGlobalScope

// The install downloads the shell and the app's code, six files at a time; the map and a role's
// pages wait for someone to sign in.
const manifest = self.__WB_MANIFEST
const installed = manifest.filter((entry) => !isMapAsset(urlOf(entry)) && !isRoleCode(urlOf(entry)))
registerPrecache(self, installed)
registerMapWarmup(
  self,
  manifest.filter((entry) => isMapAsset(urlOf(entry))),
)
registerRoleCode(self, manifest)
cleanupOutdatedCaches()
registerNavigation()
registerPlacesCache(self.location.origin)
registerHandoffKeysCache(self.location.origin)
registerMapCache(self.location.origin)
registerUserCacheClearing(self)
registerOutboxSync(self)
registerPush(self)
registerLifecycle(self)
