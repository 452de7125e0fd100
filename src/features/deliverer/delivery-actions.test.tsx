import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { allows, itemStatuses, requestStatuses, type LifecycleEvent } from '@contract/lifecycle'
import { createQueryClient } from '@/lib/query-client'
import { makeItem } from '@/test/deliverer-fixtures'
import { TestProviders } from '@/test/providers'
import { DeliveryActions } from './delivery-actions'

// The table's answer can be replaced to show the screen follows it, not a rule of its own.
const table = vi.hoisted(() => ({ allowed: null as LifecycleEvent[] | null }))
vi.mock('@contract/lifecycle', async (original) => {
  const actual = await original<typeof import('@contract/lifecycle')>()
  return {
    ...actual,
    allowedEvents: (...args: Parameters<typeof actual.allowedEvents>) =>
      table.allowed ?? actual.allowedEvents(...args),
  }
})
afterEach(() => {
  table.allowed = null
})

const renderActions = (item: ReturnType<typeof makeItem>) =>
  render(
    <TestProviders queryClient={createQueryClient()}>
      <DeliveryActions item={item} />
    </TestProviders>,
  )

describe('DeliveryActions', () => {
  const cases = itemStatuses.flatMap((status) =>
    [null, ...requestStatuses].map((request_status) => ({ status, request_status })),
  )

  it.each(cases)(
    'offers the moves contract/lifecycle.ts allows a deliverer: $status, request $request_status',
    ({ status, request_status }) => {
      const item = makeItem({ status, request_status, delivery_approval: 'approved' })
      const { unmount } = renderActions(item)
      const pickUp = allows('pick_up', 'deliverer', item)
      const deliver = allows('deliver', 'deliverer', item)
      expect(screen.queryByRole('button', { name: 'Confirm pickup' }) !== null).toBe(pickUp)
      expect(screen.queryByRole('button', { name: 'Confirm delivery' }) !== null).toBe(deliver)
      expect(screen.queryByRole('heading', { name: / by / }) !== null).toBe(pickUp || deliver)
      unmount()
    },
  )

  it('shows what the table allows, whatever the status says', () => {
    table.allowed = ['deliver']
    renderActions(makeItem({ status: 'pending' }))
    expect(screen.getByRole('button', { name: 'Confirm delivery' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirm pickup' })).toBeNull()
  })
})
