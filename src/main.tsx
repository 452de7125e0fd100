import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { AppProviders } from './app-providers'
import { createAppRouter } from './router'

const router = createAppRouter()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
)

/**
 * A prerendered public page (scripts/prerender.mjs) is hydrated: its route is resolved first (code
 * loaded) so the first render is the HTML already on screen, then React takes it over in small
 * slices (a transition) so taps are answered in between. Any other page, or a prerendered one
 * that now leads elsewhere (a signed-in visitor on /login), is rendered from scratch.
 */
async function start() {
  const prerendered = root!.dataset.prerendered
  if (prerendered) {
    await router.load()
    if (router.state.location.pathname === prerendered) {
      // What TanStack's own hydration sets: the tree then has the boundaries the prerender had.
      router.ssr = { manifest: undefined }
      for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove()
      startTransition(() => {
        hydrateRoot(root!, app)
      })
      return
    }
  }
  createRoot(root!).render(app)
}

void start()
