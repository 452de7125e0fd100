import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem } from '@/test/items'
import { itemsListHandler, withPendingRequest } from './test/fixtures'

const waiting = makeItem({ id: 'a1', name: 'Desk lamp', ...withPendingRequest })
const accepted = makeItem({
  id: 'a2',
  name: 'Winter coat',
  category: 'clothing',
  ...withPendingRequest,
  request_status: 'accepted',
  status: 'ready_to_pickup',
})

function setup(path = '/items') {
  storeSession('sender')
  const requests: URL[] = []
  server.use(
    userDataHandler('sender'),
    itemsListHandler([waiting, accepted], (u) => requests.push(u)),
  )
  return { ...renderApp(path), requests }
}

// Whole-app renders are slow when the suite runs in parallel.
describe('/items (All Items)', { timeout: 15_000 }, () => {
  it('lists rows linking to their detail page with the Deliverers count rule', async () => {
    const { requests } = setup()
    const link = await screen.findByRole('link', { name: 'Desk lamp' })
    expect(link).toHaveAttribute('href', `/items/a1`)
    const rows = screen.getAllByRole('row')
    // header + 2 rows; Deliverers is the 6th column
    expect(within(rows[1]!).getAllByRole('cell')[5]).toHaveTextContent('1')
    expect(within(rows[2]!).getAllByRole('cell')[5]).toHaveTextContent('0')
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Post New Item' }),
    ).toHaveAttribute('href', '/post-item')
    const first = requests[0]!.searchParams
    expect(Object.fromEntries(first)).toEqual({
      page: '1',
      per_page: '10',
      sort_by: 'created_at',
      sort_order: 'desc',
    })
  })

  it("shows 'No items found' for an empty list", async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'), itemsListHandler([]))
    renderApp('/items')
    expect(await screen.findByText('No items found')).toBeInTheDocument()
  })

  it('shows the server message when loading fails, else the fallback', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'), failWith('get', 'items', 500, 'Database is down'))
    renderApp('/items')
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down')
  })

  it(
    'puts sort, filters and page size into the URL and the query',
    { timeout: 20_000 },
    async () => {
      const { user, router, requests } = setup()
      await screen.findByRole('link', { name: 'Desk lamp' })
      const nameHeader = screen.getByRole('columnheader', { name: /name/i })
      expect(nameHeader).toHaveAttribute('aria-sort', 'none')
      await user.click(within(nameHeader).getByRole('button'))
      await waitFor(() => expect(router.state.location.search).toMatchObject({ sort_by: 'name' }))
      expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute(
        'aria-sort',
        'descending',
      )

      await user.selectOptions(screen.getByLabelText('Status'), 'pending')
      await user.selectOptions(screen.getByLabelText('Category'), 'clothing')
      await user.selectOptions(screen.getByLabelText('Items per page'), '25')
      await waitFor(() =>
        expect(router.state.location.search).toMatchObject({
          status: 'pending',
          category: 'clothing',
          per_page: 25,
        }),
      )
      await waitFor(() => {
        const last = Object.fromEntries(requests.at(-1)!.searchParams)
        expect(last).toMatchObject({
          sort_by: 'name',
          status: 'pending',
          category: 'clothing',
          per_page: '25',
        })
      })
    },
  )

  it('restores the list state from the URL', async () => {
    const { requests } = setup('/items?status=delivered&sort_by=sender_price&sort_order=asc&page=2')
    await screen.findByRole('link', { name: 'Desk lamp' })
    expect(Object.fromEntries(requests[0]!.searchParams)).toMatchObject({
      status: 'delivered',
      sort_by: 'sender_price',
      sort_order: 'asc',
      page: '2',
    })
  })

  it('sends the trimmed search only after typing stops for 500 ms', async () => {
    const { user, router, requests } = setup()
    await screen.findByRole('link', { name: 'Desk lamp' })
    await user.type(screen.getByLabelText('Search items'), '  lamp ')
    expect(router.state.location.search).not.toHaveProperty('search')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'lamp' }), {
      timeout: 2000,
    })
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('search')).toBe('lamp'))
    // No request ever carried a half-typed search.
    expect(
      requests
        .filter((u) => u.searchParams.has('search'))
        .every((u) => u.searchParams.get('search') === 'lamp'),
    ).toBe(true)
  })
})
