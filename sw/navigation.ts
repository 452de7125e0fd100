/// <reference lib="webworker" />
import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

/** Paths whose navigations must reach the network: the API and its docs, and the worker itself. */
export const navigationDenylist: RegExp[] = [
  /^\/api(\/|$)/,
  /^\/sw\.js$/,
  /^\/manifest\.webmanifest$/,
]

/**
 * Answers every in-scope page navigation (/, /login, /items/42, ...) with the precached
 * index.html: the SPA router then renders the route, online or not.
 */
export function registerNavigation(): void {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: navigationDenylist }),
  )
}
