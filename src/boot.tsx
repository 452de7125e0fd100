import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { AppProviders } from './app-providers'
import { appReady } from '@/lib/app-ready'
import { yieldToMain } from '@/lib/idle'
import { getSystem } from '@/components/ui/system'
import { createAppRouter } from './router'

/**
 * Starts the app in #root (src/main.tsx decides when). Its route is resolved first (code, guards,
 * saved data), so the first render is complete and happens in one go, in small slices (a
 * transition) so taps are answered in between:
 * - a prerendered public page is hydrated: React takes over the HTML already on screen;
 * - any other page, or a prerendered one that now leads elsewhere (a signed-in visitor on
 *   /login), is rendered from scratch.
 * Resolves once the first page is committed and React handles its events.
 */
export async function boot(root: HTMLElement) {
  // Three steps of its own each (router, styling system, route), so that none is a long task.
  const router = createAppRouter()
  await yieldToMain()
  getSystem()
  await yieldToMain()
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  )
  await router.load()
  const prerendered = root.dataset.prerendered
  if (prerendered && router.state.location.pathname === prerendered) {
    // What TanStack's own hydration sets: the tree then has the boundaries the prerender had.
    router.ssr = { manifest: undefined }
    for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove()
    startTransition(() => {
      hydrateRoot(root, app)
    })
  } else
    startTransition(() => {
      createRoot(root).render(app)
    })
  await appReady
  // For the browser tests and for anyone looking: the app now handles this page.
  document.documentElement.dataset.appReady = ''
}
