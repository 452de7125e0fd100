import { configure, screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { delivererStatsAnswer, deliveriesAnswer } from '@contract/deliveries'
import { delivererItemAnswer } from '@contract/items'
import { answer } from '@/test/answers'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { pretendPhoneScreen } from '@/test/phone-screen'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem } from '@/test/deliverer-fixtures'

configure({ asyncUtilTimeout: 4000 })

const statsHandler = http.get('/api/deliverer-stats', () =>
  answer(delivererStatsAnswer, {
    success: true,
    message: 'OK',
    data: {
      available_items: 12,
      ready_to_pickup_items: 3,
      in_process_items: 2,
      delivered_items: 7,
    },
  }),
)

function deliveriesHandler(count: number, seen: URL[] = []) {
  return http.get('/api/my-deliveries', ({ request }) => {
    seen.push(new URL(request.url))
    const items = Array.from({ length: count }, (_, i) =>
      makeItem({
        id: `00000000-0000-4000-8000-00000000000${i}`,
        name: `Parcel ${i + 1}`,
        status: 'in_process',
      }),
    )
    return answer(deliveriesAnswer, {
      success: true,
      message: 'OK',
      data: { items, pagination: { current_page: 1, per_page: 5, total: count, last_page: 1 } },
    })
  })
}

describe('/deliverer-dashboard', { timeout: 15_000 }, () => {
  it('shows the four counters and the first 5 deliveries with View links', async () => {
    storeSession('deliverer')
    const seen: URL[] = []
    server.use(
      userDataHandler('deliverer'),
      statsHandler,
      deliveriesHandler(5, seen),
      // The View link opens the detail page, which asks for the item.
      http.get('/api/item/:id', () =>
        answer(delivererItemAnswer, {
          success: true,
          message: 'OK',
          data: makeItem({ name: 'Parcel 1' }),
        }),
      ),
    )
    const { user, router } = renderApp('/deliverer-dashboard')

    expect(
      await screen.findByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
    ).toBeInTheDocument()
    expect(await screen.findByText('12')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Statistics' })).getByText('Available items'),
    ).toBeInTheDocument()
    const stats = screen.getByRole('region', { name: 'Statistics' })
    expect(within(stats).getByText('Paid — awaiting pickup')).toBeInTheDocument()
    expect(within(stats).getByText('On its way')).toBeInTheDocument()
    expect(screen.getByText('7')).toBeInTheDocument()

    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(6)
    expect(within(table).getAllByText('New York, USA → Boston, USA')).toHaveLength(5)
    expect(seen[0]?.searchParams.get('per_page')).toBe('5')
    expect(seen[0]?.searchParams.get('page')).toBe('1')

    // An item being carried opens its delivery page, not the request page.
    await user.click(within(table).getByRole('link', { name: 'View Parcel 1' }))
    expect(router.state.location.pathname).toBe(
      '/my-deliveries/00000000-0000-4000-8000-000000000000',
    )
  })

  it('opens a waiting request on its request page, and the admin information in a dialog', async () => {
    storeSession('deliverer')
    const waiting = makeItem({
      id: '00000000-0000-4000-8000-00000000000a',
      name: 'Waiting parcel',
      status: 'pending',
      info_request_to_deliverer: {
        id: 'ir-1',
        description: 'Please send a clearer ticket.',
        request_file_path: null,
        sender_response: null,
        deliverer_response: null,
        response_file_path: null,
        response_at: null,
        created_at: '2026-11-20T10:00:00.000Z',
      },
    })
    server.use(
      userDataHandler('deliverer'),
      statsHandler,
      http.get('/api/my-deliveries', () =>
        answer(deliveriesAnswer, {
          success: true,
          message: 'OK',
          data: {
            items: [waiting],
            pagination: { current_page: 1, per_page: 5, total: 1, last_page: 1 },
          },
        }),
      ),
    )
    const { user } = renderApp('/deliverer-dashboard')
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('link', { name: 'View Waiting parcel' })).toHaveAttribute(
      'href',
      '/available-items/00000000-0000-4000-8000-00000000000a',
    )
    await user.click(
      within(table).getByRole('button', { name: 'Admin information for Waiting parcel' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Admin information: Waiting parcel' })
    expect(within(dialog).getByText('Please send a clearer ticket.')).toBeInTheDocument()
  })

  it('lists the deliveries as cards on a phone', async () => {
    storeSession('deliverer')
    const undo = pretendPhoneScreen()
    try {
      server.use(userDataHandler('deliverer'), statsHandler, deliveriesHandler(2))
      renderApp('/deliverer-dashboard')
      const region = await screen.findByRole('region', { name: 'Current deliveries' })
      const list = await within(region).findByRole('list')
      expect(within(list).getAllByRole('listitem')).toHaveLength(2)
      expect(within(list).getByRole('heading', { name: 'Parcel 1' })).toBeInTheDocument()
      expect(within(list).getAllByText('On its way')).toHaveLength(2)
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
    } finally {
      undo()
    }
  })

  it('each tile opens what it counts', async () => {
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'), statsHandler, deliveriesHandler(1))
    renderApp('/deliverer-dashboard')
    const stats = await screen.findByRole('region', { name: 'Statistics' })
    expect(await within(stats).findByRole('link', { name: 'Available items' })).toHaveAttribute(
      'href',
      '/available-items',
    )
    for (const name of ['Paid — awaiting pickup', 'On its way', 'Delivered']) {
      expect(within(stats).getByRole('link', { name })).toHaveAttribute('href', '/my-deliveries')
    }
  })

  it('a new deliverer gets a first step instead of zero tiles', async () => {
    storeSession('deliverer')
    server.use(
      userDataHandler('deliverer'),
      http.get('/api/deliverer-stats', () =>
        answer(delivererStatsAnswer, {
          success: true,
          message: 'OK',
          data: {
            available_items: 41,
            ready_to_pickup_items: 0,
            in_process_items: 0,
            delivered_items: 0,
          },
        }),
      ),
      deliveriesHandler(0),
    )
    renderApp('/deliverer-dashboard')
    const start = await screen.findByRole('region', { name: 'Getting started' })
    expect(start).toHaveTextContent('41 items wait for a deliverer now.')
    expect(within(start).getByRole('link', { name: 'Find items' })).toHaveAttribute(
      'href',
      '/available-items',
    )
    expect(within(start).getByRole('link', { name: 'Save your first trip' })).toHaveAttribute(
      'href',
      '/trips',
    )
    expect(screen.queryByText('Paid — awaiting pickup')).not.toBeInTheDocument()
  })

  it("says 'No active deliveries' when there are none", async () => {
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'), statsHandler, deliveriesHandler(0))
    renderApp('/deliverer-dashboard')
    expect(await screen.findByText('No active deliveries')).toBeInTheDocument()
  })

  it('shows both failure texts', async () => {
    storeSession('deliverer')
    server.use(
      userDataHandler('deliverer'),
      failWith('get', 'deliverer-stats', 500, 'Boom'),
      failWith('get', 'my-deliveries', 500, 'Boom'),
    )
    renderApp('/deliverer-dashboard')
    expect(await screen.findByText('Failed to load statistics')).toBeInTheDocument()
    expect(await screen.findByText('Failed to load deliveries')).toBeInTheDocument()
  })
})
