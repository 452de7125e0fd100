import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { itemAnswer, type Item } from '@contract/items'
import { answer } from '@/test/answers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem } from '@/test/items'
import { ITEM_ID, senderBase, withPendingRequest } from '@/test/sender-fixtures'

function setup(item: Item) {
  storeSession('sender')
  const sent: unknown[] = []
  server.use(
    ...senderBase(item),
    http.post('/api/cancel-item', async ({ request }) => {
      sent.push(await request.json())
      return answer(itemAnswer, {
        success: true,
        message: 'Item cancelled',
        data: { item: { ...item, status: 'cancelled' } },
      })
    }),
  )
  return { ...renderApp(`/items/${ITEM_ID}`), sent }
}

describe('cancelling an item', { timeout: 15_000 }, () => {
  it('cancels a pending item without asking why', async () => {
    const { user, sent } = setup(makeItem({ sending_approval: 'approved' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel item' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this item?' })
    expect(within(dialog).queryByRole('textbox')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel item' }))
    await waitFor(() => expect(sent).toEqual([{ item_id: ITEM_ID }]))
  })

  it('cancels an accepted delivery before pickup with a reason the deliverer reads', async () => {
    const { user, sent } = setup(
      makeItem({
        ...withPendingRequest,
        request_status: 'accepted',
        status: 'ready_to_pickup',
        agreed_price: 42.5,
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Cancel delivery' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this delivery?' })
    expect(dialog).toHaveTextContent('Dana Deliverer will not pick up')
    expect(dialog).toHaveTextContent('Your payment of $42.50 is refunded in full')

    await user.click(within(dialog).getByRole('button', { name: 'Cancel delivery' }))
    expect(await within(dialog).findByText('Please say why: the other side is told')).toBeVisible()
    expect(sent).toEqual([])

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Why are you cancelling?' }),
      'The recipient moved',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel delivery' }))
    await waitFor(() => expect(sent).toEqual([{ item_id: ITEM_ID, reason: 'The recipient moved' }]))
  })

  it('offers no cancel once the item is picked up', async () => {
    setup(makeItem({ ...withPendingRequest, request_status: 'accepted', status: 'in_process' }))
    await screen.findByRole('heading', { name: 'Desk lamp' })
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull()
  })
})
