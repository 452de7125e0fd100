import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { UpdatePrompt } from '@/components/update-prompt'
import { NotFound } from '@/components/not-found'
import { Toaster } from '@/components/ui/toaster'
import type { RouterContext } from '@/lib/router-context'

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'Tote' }] }),
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
      <UpdatePrompt />
      <Toaster />
    </>
  )
}
