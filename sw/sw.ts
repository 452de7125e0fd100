/// <reference lib="webworker" />
// The service worker: wires the pieces together, one concern per module.
// - precache: the app shell and hashed assets built by Vite (self.__WB_MANIFEST, injected at build)
// - navigation: client routes answered with the precached shell, so the app opens offline
// - lifecycle: a new version waits until the user accepts the update prompt
// Runtime caches (map tiles, API reads) and the outbox replay get their own modules here.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { registerLifecycle } from './lifecycle'
import { registerNavigation } from './navigation'

declare const self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
registerNavigation()
registerLifecycle(self)
