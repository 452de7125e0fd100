import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Item } from '@contract/items'
import { createQueryClient } from '@/lib/query-client'
import { TestProviders } from '@/test/providers'
import { makeItem } from '@/test/items'
import { itemProgress, progressSteps } from './item-progress'
import { ItemProgressTracker } from './progress-tracker'

const posted: Partial<Item> = {
  status: 'pending',
  sending_approval: 'pending',
  delivery_approval: null,
  request_status: null,
}
const approved = { ...posted, sending_approval: 'approved' } as const
const matched = { ...approved, delivery_approval: 'approved', request_status: 'pending' } as const
const paid = { ...matched, request_status: 'accepted', status: 'ready_to_pickup' } as const

describe('itemProgress', () => {
  it.each([
    ['posted, awaiting approval', posted, 'Posted', null],
    ['sending approved, no approved request', approved, 'Approved', null],
    [
      'a request waiting for admin approval is not a match yet',
      { ...approved, delivery_approval: 'pending', request_status: 'pending' },
      'Approved',
      null,
    ],
    ['an admin-approved request', matched, 'Matched', null],
    ['accepted and paid', paid, 'Paid', null],
    ['picked up', { ...paid, status: 'in_process' }, 'Picked up', null],
    ['delivered', { ...paid, status: 'delivered' }, 'Delivered', null],
    ['sending rejected', { ...posted, sending_approval: 'rejected' }, 'Posted', 'not_approved'],
    ['cancelled before approval', { ...posted, status: 'cancelled' }, 'Posted', 'cancelled'],
    ['cancelled after approval', { ...approved, status: 'cancelled' }, 'Approved', 'cancelled'],
  ] as const)('%s', (_name, fields, step, stopped) => {
    const progress = itemProgress(makeItem(fields as Partial<Item>))
    expect(progressSteps[progress.current]).toBe(step)
    expect(progress.stopped).toBe(stopped)
  })
})

function renderTracker(fields: Partial<Item>) {
  return render(
    <TestProviders queryClient={createQueryClient()}>
      <ItemProgressTracker item={makeItem(fields)} />
    </TestProviders>,
  )
}

describe('ItemProgressTracker', () => {
  it('is an ordered list that ticks every step reached, the latest marked current', () => {
    renderTracker(paid)
    const list = within(screen.getByRole('region', { name: 'Progress' })).getByRole('list')
    expect(list.tagName).toBe('OL')
    const steps = within(list).getAllByRole('listitem')
    expect(steps.map((s) => s.textContent)).toEqual([
      '✓Posted, done',
      '✓Approved, done',
      '✓Matched, done',
      '✓Paid, done',
      '5Picked up',
      '6Delivered',
    ])
    expect(steps.filter((s) => s.getAttribute('aria-current') === 'step')).toEqual([steps[3]])
  })

  it('ticks Delivered once the item is delivered', () => {
    renderTracker({ ...paid, status: 'delivered' })
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('✓Delivered, done')
  })

  it('says why an item stopped', () => {
    renderTracker({ ...posted, status: 'cancelled' })
    expect(screen.getByText('This item was cancelled.')).toBeInTheDocument()
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Posted')
  })
})
