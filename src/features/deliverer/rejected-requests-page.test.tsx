import { configure, screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { deliveriesAnswer } from '@contract/deliveries'
import { delivererItemAnswer, type Item } from '@contract/items'
import { answer } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession, testUsers } from '@/test/session'
import { makeItem, termsHandler } from '@/test/deliverer-fixtures'

vi.mock('@/components/maplibre-view', () => ({
  MapView: ({ fallback }: { fallback: React.ReactNode }) => <>{fallback}</>,
}))

configure({ asyncUtilTimeout: 4000 })

const me = testUsers.deliverer

function rejectedHandler(items: Item[]) {
  return http.get('/api/rejected-requests', () =>
    answer(deliveriesAnswer, {
      success: true,
      message: 'Rejected requests',
      data: {
        items,
        pagination: { current_page: 1, per_page: 10, total: items.length, last_page: 1 },
      },
    }),
  )
}

describe('the sender’s reason for a rejection', { timeout: 15_000 }, () => {
  it('shows on /rejected-requests with each item, or says none was given', async () => {
    storeSession('deliverer')
    server.use(
      userDataHandler('deliverer'),
      rejectedHandler([
        makeItem({
          id: 'a',
          name: 'Laptop',
          rejected_deliverer: [{ id: me.id, name: me.name, reason: 'Found a friend to take it.' }],
        }),
        makeItem({
          id: 'b',
          name: 'Guitar',
          rejected_deliverer: [{ id: me.id, name: me.name, reason: null }],
        }),
      ]),
    )
    renderApp('/rejected-requests')
    const laptop = (await screen.findByText('Laptop')).closest('li')!
    expect(within(laptop).getByRole('note')).toHaveTextContent(
      'The sender declined your request.Reason: Found a friend to take it.',
    )
    const guitar = screen.getByText('Guitar').closest('li')!
    expect(within(guitar).getByRole('note')).toHaveTextContent('No reason given.')
  })

  it('shows on the item page of the rejected deliverer', async () => {
    storeSession('deliverer')
    const id = '11111111-1111-4111-8111-111111111111'
    server.use(
      userDataHandler('deliverer'),
      termsHandler,
      http.get(`/api/item/${id}`, () =>
        answer(delivererItemAnswer, {
          success: true,
          message: 'OK',
          data: makeItem({
            id,
            requested_by: [me.id],
            rejected_deliverer: [{ id: me.id, name: me.name, reason: 'Too late for me.' }],
          }),
        }),
      ),
    )
    renderApp(`/available-items/${id}`)
    expect(await screen.findByRole('note', { name: "Sender's decision" })).toHaveTextContent(
      'Reason: Too late for me.',
    )
  })
})
