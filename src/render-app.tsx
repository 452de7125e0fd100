import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { AppProviders } from './app-providers'
import type { createAppRouter } from './router'

/** The first render of the app (src/boot.tsx resolved its route first). */
export function render(root: HTMLElement, router: ReturnType<typeof createAppRouter>) {
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  )
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
}
