import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from './route-tree.gen'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { auth } from '@/lib/router-context'

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient
  history?: RouterHistory
}) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, auth },
    defaultPreload: 'intent',
    // Query owns caching; the router should always ask it (ensureQueryData is cheap when fresh).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
  setUnauthorizedHandler(() => {
    queryClient.clear()
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
