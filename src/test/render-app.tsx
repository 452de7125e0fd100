import { render } from '@testing-library/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import userEvent from '@testing-library/user-event'
import { TestProviders } from '@/test/providers'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'

/** The real route tree in memory, starting at `path`, with a fresh query cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { retry: false, staleTime: 0 },
    mutations: { retry: false },
  })
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ history, appServices: async () => ({ queryClient }) })
  const user = userEvent.setup()
  const view = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  )
  return { ...view, router, queryClient, user }
}
