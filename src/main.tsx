import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { AppProviders } from './app-providers'
import { queryClient } from '@/lib/query-client'
import { startOffline } from '@/lib/offline/start-offline'
import { createAppRouter } from './router'

const router = createAppRouter({ queryClient })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Saved reads first (bounded wait), so an offline reload shows the user's data, not a spinner.
void startOffline(queryClient).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
})
