import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { pretendPhoneScreen } from '@/test/phone-screen'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem } from '@/test/items'
import { itemsListHandler, withPendingRequest } from '@/test/sender-fixtures'

const waiting = makeItem({ id: 'a1', name: 'Desk lamp', ...withPendingRequest })
const accepted = makeItem({
  id: 'a2',
  name: 'Winter coat',
  category: 'clothing',
  ...withPendingRequest,
  request_status: 'accepted',
  status: 'ready_to_pickup',
  agreed_price: 30,
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
describe('/items (All items)', { timeout: 15_000 }, () => {
  it('lists rows linking to their detail page with the Deliverers count rule', async () => {
    const { requests } = setup()
    const link = await screen.findByRole('link', { name: 'Desk lamp' })
    expect(link).toHaveAttribute('href', `/items/a1`)
    const rows = screen.getAllByRole('row')
    // header + 2 rows; Deliverers is the 6th column
    expect(within(rows[1]!).getAllByRole('cell')[5]).toHaveTextContent('1')
    expect(within(rows[2]!).getAllByRole('cell')[5]).toHaveTextContent('0')
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Post new item' }),
    ).toHaveAttribute('href', '/post-item')
    const first = requests[0]!.searchParams
    expect(Object.fromEntries(first)).toEqual({
      page: '1',
      per_page: '10',
      sort_by: 'created_at',
      sort_order: 'desc',
    })
  })

  it('shows cards on a phone, with the status, the deliverers and a sort choice', async () => {
    const undo = pretendPhoneScreen()
    try {
      const { requests, user } = setup()
      const list = await screen.findByRole('list', { name: 'Your items' })
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
      const cards = within(list).getAllByRole('listitem')
      expect(cards).toHaveLength(2)
      expect(within(cards[0]!).getByRole('link', { name: 'Desk lamp' })).toHaveAttribute(
        'href',
        '/items/a1',
      )
      expect(cards[0]).toHaveTextContent('1 deliverer')
      expect(within(cards[1]!).getByText('Paid — awaiting pickup')).toBeInTheDocument()
      // A paid item names who carries it rather than counting "0 deliverers".
      expect(cards[1]).toHaveTextContent('carried by Dana Deliverer')
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Deadline, soonest first')
      await waitFor(() =>
        expect(requests.at(-1)?.searchParams.get('sort_by')).toBe('delivery_deadline'),
      )
      expect(requests.at(-1)?.searchParams.get('sort_order')).toBe('asc')
    } finally {
      undo()
    }
  })

  it('keeps the filters in a "Filters (n)" sheet on a phone, so the cards come first', async () => {
    const undo = pretendPhoneScreen()
    try {
      const { requests, user } = setup('/items?category=clothing')
      await screen.findByRole('list', { name: 'Your items' })
      expect(screen.queryByLabelText('Status')).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Filters (1)' }))
      const sheet = await screen.findByRole('dialog', { name: 'Filters' })
      expect(within(sheet).getByLabelText('Category')).toHaveValue('clothing')
      await user.selectOptions(within(sheet).getByLabelText('Status'), 'pending')
      await user.click(within(sheet).getByRole('button', { name: 'Show results' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument()
      await waitFor(() =>
        expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({
          status: 'pending',
          category: 'clothing',
        }),
      )
    } finally {
      undo()
    }
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

  it('shows the agreed price once accepted, and the sender price before', async () => {
    setup()
    const coat = (await screen.findByRole('link', { name: 'Winter coat' })).closest('tr')!
    // withPendingRequest's deliverer offered $30; the sender asked $25.
    expect(coat).toHaveTextContent('$30.00agreed')
    const lamp = screen.getByRole('link', { name: 'Desk lamp' }).closest('tr')!
    expect(lamp).toHaveTextContent('$25.00')
    expect(lamp).not.toHaveTextContent('agreed')
  })

  it("reads 'Not needed anymore' for an unanswered information request once the item was approved", async () => {
    storeSession('sender')
    const request = {
      id: 'r1',
      description: 'Please send a photo',
      request_file_path: null,
      sender_response: null,
      response_file_path: null,
      response_at: null,
      created_at: '2026-01-01T00:00:00Z',
    }
    server.use(
      userDataHandler('sender'),
      itemsListHandler([
        makeItem({
          id: 'b1',
          name: 'Reviewed',
          sending_approval: 'approved',
          info_request_to_sender: request,
        }),
        makeItem({
          id: 'b2',
          name: 'In review',
          sending_approval: 'pending',
          info_request_to_sender: request,
        }),
      ]),
    )
    renderApp('/items')
    const reviewed = (await screen.findByRole('link', { name: 'Reviewed' })).closest('tr')!
    expect(reviewed).toHaveTextContent('Not needed anymore')
    expect(reviewed).not.toHaveTextContent('Action required')
    const inReview = screen.getByRole('link', { name: 'In review' }).closest('tr')!
    expect(inReview).toHaveTextContent('Action required')
  })
})
