import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { UpdatePrompt } from '@/components/update-prompt'
import { NotFound } from '@/components/not-found'
import type { RouterContext } from '@/lib/router-context'
import { useHydrated } from '@/lib/use-hydrated'

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'Tote' }] }),
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  // The prerender writes the head tags itself; React takes them over once hydrated.
  const hydrated = useHydrated()
  return (
    <>
      {hydrated && <HeadContent />}
      <Outlet />
      <UpdatePrompt />
    </>
  )
}
