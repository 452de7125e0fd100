import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './route-tree.gen'
import type { AppServices } from '@/lib/app-services'
import { setUnauthorizedHandler } from '@/lib/api-failure'
import { auth } from '@/lib/router-context'

/** The signed-in app's services, imported the first time a signed-in page needs them. */
const loadAppServices = () => import('@/lib/app-services').then((m) => m.appServices())

export function createAppRouter({
  history,
  appServices = loadAppServices,
  prerendering = false,
}: {
  history?: RouterHistory
  /** Tests pass their own query client. */
  appServices?: () => Promise<AppServices>
  /**
   * Rendering a page to HTML at build time: no inline scroll-restoration script (the CSP allows
   * no inline script, and hydration expects none).
   */
  prerendering?: boolean
} = {}) {
  let firstRender = true
  const router = createRouter({
    routeTree,
    history,
    context: { auth, loadAppServices: appServices },
    defaultPreload: 'intent',
    // Query owns caching; the router should always ask it (ensureQueryData is cheap when fresh).
    defaultPreloadStaleTime: 0,
    scrollRestoration: prerendering
      ? false
      : (): boolean => {
          // A prerendered page the app hydrates was on screen already, scrolled where the visitor
          // took it: the first render keeps that (the router's reset to the top moved the page
          // under their finger as the app took over, and a tap landed elsewhere). render-app.tsx
          // sets `ssr` when it hydrates.
          const keep: boolean = firstRender && router.ssr !== undefined
          firstRender = false
          return !keep
        },
  })
  setUnauthorizedHandler(() => {
    void appServices().then(({ queryClient }) => queryClient.clear())
    const { pathname, href } = router.state.location
    if (pathname === '/login') return
    void router.navigate({ to: '/login', search: { redirect: href }, replace: true })
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
