import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { deliveriesAnswer } from '@contract/deliveries'
import { messageOnly } from '@contract/envelope'
import { delivererItemAnswer, type Item } from '@contract/items'
import { answer } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem } from '@/test/deliverer-fixtures'

configure({ asyncUtilTimeout: 4000 })

const id = '11111111-1111-4111-8111-111111111111'

function setup(item: Item) {
  storeSession('deliverer')
  const sent: unknown[] = []
  server.use(
    userDataHandler('deliverer'),
    http.get(`/api/item/${id}`, () =>
      answer(delivererItemAnswer, { success: true, message: 'OK', data: item }),
    ),
    http.get('/api/my-deliveries', () =>
      answer(deliveriesAnswer, {
        success: true,
        message: 'OK',
        data: { items: [], pagination: { current_page: 1, per_page: 10, total: 0, last_page: 1 } },
      }),
    ),
    http.post('/api/withdraw-delivery', async ({ request }) => {
      sent.push(await request.json())
      return answer(messageOnly, {
        success: true,
        message: 'You gave the item back; the sender is refunded and told',
      })
    }),
  )
  return { ...renderApp(`/my-deliveries/${id}`), sent }
}

const carried = (status: Item['status']) =>
  makeItem({ status, delivery_approval: 'approved', request_status: 'accepted' })

describe('giving an accepted item back before pickup', { timeout: 15_000 }, () => {
  it('asks why, sends it, and goes back to My deliveries', async () => {
    const { sent, router } = setup(carried('ready_to_pickup'))
    const section = await screen.findByRole('region', { name: "Can't make it?" })
    await userEvent.click(within(section).getByRole('button', { name: 'Give the item back' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Give this item back?' })
    expect(dialog).toHaveTextContent('The sender is refunded in full')

    // No reason: asked for one, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give it back' }))
    expect(await within(dialog).findByText('Please say why: the other side is told')).toBeVisible()
    expect(sent).toEqual([])

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: "Why can't you carry it?" }),
      '  My flight was cancelled  ',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give it back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-deliveries'))
    expect(sent).toEqual([{ item_id: id, reason: 'My flight was cancelled' }])
    expect(
      await screen.findByText('You gave the item back; the sender is refunded and told'),
    ).toBeVisible()
  })

  it('is not offered once the item is picked up', async () => {
    setup(carried('in_process'))
    await screen.findByRole('heading', { name: /^Deliver by / })
    expect(screen.queryByRole('region', { name: "Can't make it?" })).toBeNull()
  })
})
