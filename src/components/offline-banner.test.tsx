import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TestProviders } from '@/test/providers'
import { OfflineBanner } from './offline-banner'

vi.mock('@/lib/offline/network-status', () => ({ useIsOffline: () => true }))

afterEach(cleanup)

describe('OfflineBanner', () => {
  it('says when a request that got no answer is being tried again', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: 1, retryDelay: 60_000 } },
    })
    void client
      .fetchQuery({
        queryKey: ['items'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      })
      .catch(() => {})
    render(
      <TestProviders queryClient={client}>
        <OfflineBanner />
      </TestProviders>,
    )
    expect(screen.getByText('You are offline. Showing data saved on this device')).toBeTruthy()
    expect(await screen.findByText('Connection problem: retrying…')).toBeTruthy()
    client.cancelQueries()
  })

  it('says nothing of retries when none is under way', () => {
    render(
      <TestProviders queryClient={new QueryClient()}>
        <OfflineBanner />
      </TestProviders>,
    )
    expect(screen.getByRole('status').textContent).not.toContain('retrying')
  })
})
