import { cleanup, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Item } from '@contract/items'
import { allows, itemStatuses } from '@contract/lifecycle'
import { createQueryClient } from '@/lib/query-client'
import { makeItem } from '@/test/items'
import { TestProviders } from '@/test/providers'
import { server } from '@/test/msw-server'
import { deliverersHandler, withPendingRequest } from '@/test/sender-fixtures'
import { SenderNextStep } from './next-step'

function show(fields: Partial<Item>) {
  server.use(deliverersHandler())
  render(
    <TestProviders queryClient={createQueryClient()}>
      <SenderNextStep item={makeItem(fields)} />
    </TestProviders>,
  )
  return screen.getByRole('region', { name: /./ })
}

describe("the sender's next step", () => {
  it.each(itemStatuses)(
    'offers Accept and pay and Decline exactly as contract/lifecycle.ts allows them: %s',
    async (status) => {
      const item = { ...withPendingRequest, status }
      show(item)
      const accept = allows('accept', 'sender', makeItem(item))
      if (accept) await screen.findByRole('heading', { name: 'Dana Deliverer offers $30.00' })
      expect(screen.queryByRole('button', { name: 'Accept and pay $30.00' }) !== null).toBe(accept)
      expect(screen.queryByRole('button', { name: 'Decline' }) !== null).toBe(
        allows('reject', 'sender', makeItem(item)),
      )
    },
  )

  it("says whom the sender waits for while the admin reviews, and asks for the admin's answer first", () => {
    let card = show({ sending_approval: 'pending' })
    expect(card).toHaveTextContent('Waiting for the adminAwaiting review')
    cleanup()
    card = show({
      sending_approval: 'pending',
      info_request_to_sender: {
        id: 'ir-1',
        description: 'Send a photo',
        request_file_path: null,
        sender_response: null,
        response_file_path: null,
        response_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
      },
    })
    expect(within(card).getByText('Your turn')).toBeVisible()
    expect(within(card).getByRole('link', { name: 'Answer the admin' })).toHaveAttribute(
      'href',
      '#info-request',
    )
  })

  it('after payment points at the pickup code, and tells a delivered item is done', async () => {
    const paid = {
      ...withPendingRequest,
      request_status: 'accepted',
      status: 'ready_to_pickup',
    } as const
    let card = show(paid)
    expect(
      await within(card).findByRole('heading', { name: 'Hand the item to Dana Deliverer' }),
    ).toBeVisible()
    expect(within(card).getByRole('link', { name: 'Show the pickup code' })).toHaveAttribute(
      'href',
      '#handoff-codes',
    )
    cleanup()
    card = show({ ...paid, status: 'delivered' })
    expect(within(card).getByRole('heading', { name: 'Delivered' })).toBeVisible()
    expect(within(card).getByText('Done')).toBeVisible()
  })

  it('says a cancelled item is stopped and offers nothing', () => {
    const card = show({ status: 'cancelled' })
    expect(card).toHaveTextContent('StoppedThis item was cancelled')
    expect(within(card).queryByRole('button')).toBeNull()
  })
})
