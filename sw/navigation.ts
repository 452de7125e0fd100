/// <reference lib="webworker" />
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { PRERENDERED_PAGES } from '../src/lib/public-pages'
import { okOnly } from './ok-only'
import { precache } from './precache'

/** Paths whose navigations must reach the network: the API and its docs, and the worker itself. */
export const navigationDenylist: RegExp[] = [
  /^\/api(\/|$)/,
  /^\/sw\.js$/,
  /^\/manifest\.webmanifest$/,
  /^\/(robots\.txt|sitemap\.xml)$/,
]

/** The prerendered pages as last seen, for reading them again offline. */
const PAGES_CACHE = 'tote-public-pages-v1'

const publicPaths = new Set<string>(PRERENDERED_PAGES)
/** Whether a navigation is to a prerendered public page (a trailing slash does not matter). */
export const isPrerenderedPage = (pathname: string) =>
  publicPaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)

/**
 * Page navigations:
 * - a prerendered public page comes from the network (its real HTML, which paints before any
 *   code runs), else as last seen on this device, else the app shell;
 * - every other in-scope page (/dashboard, /items/42, ...) is the precached index.html: the
 *   SPA router renders the route, online or not.
 */
export function registerNavigation(): void {
  const shell = precache.createHandlerBoundToURL('/index.html')
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && isPrerenderedPage(url.pathname),
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      // A slow link still gets the real page; no link at all falls back at once.
      networkTimeoutSeconds: 4,
      plugins: [
        okOnly,
        {
          handlerDidError: async () =>
            (await precache.matchPrecache('/index.html')) ?? Response.error(),
        },
      ],
    }),
  )
  registerRoute(new NavigationRoute(shell, { denylist: navigationDenylist }))
}
