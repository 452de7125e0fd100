import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Item } from '@contract/items'
import { createQueryClient } from '@/lib/query-client'
import { makeItem } from '@/test/items'
import { TestProviders } from '@/test/providers'
import { ItemNextStep } from './item-next-step'

const ME = 'deliverer-me'

function show(fields: Partial<Item>) {
  render(
    <TestProviders queryClient={createQueryClient()}>
      <ItemNextStep item={makeItem(fields)} userId={ME} />
    </TestProviders>,
  )
  return screen.getByRole('region')
}

describe("the deliverer's next step on an item", () => {
  it('offers to request an open item, pointing at the request form', () => {
    const card = show({ sender_price: 25 })
    expect(card).toHaveTextContent('Your turnCarry it for $25.00')
    expect(screen.getByRole('link', { name: 'Request to deliver' })).toHaveAttribute(
      'href',
      '#request-heading',
    )
  })

  it("says whom a request waits for: the admin's review, then the sender", () => {
    const card = show({
      requested_by: [ME],
      deliverer_id: ME,
      delivery_approval: 'pending',
      request_status: 'pending',
    })
    expect(card).toHaveTextContent("Waiting for the admin's reviewRequested")
  })

  it('once the sender has the offer, names the sender as the one to act', () => {
    const card = show({
      requested_by: [ME],
      deliverer_id: ME,
      delivery_approval: 'approved',
      request_status: 'pending',
    })
    expect(card).toHaveTextContent('Waiting for the senderRequested')
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('after a decline on a still open item, offers a new offer', () => {
    const card = show({ rejected_deliverer: [{ id: ME, name: 'Me', reason: null }] })
    expect(card).toHaveTextContent('Declined')
    expect(screen.getByRole('link', { name: 'Make a new offer' })).toBeVisible()
  })
})
