import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AppProviders } from '@/app-providers'

/** A component under test as the signed-in app renders it: Chakra plus a query client. */
export function TestProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient
  children: ReactNode
}) {
  return (
    <AppProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppProviders>
  )
}
