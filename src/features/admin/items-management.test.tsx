import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { pretendPhoneScreen } from '@/test/phone-screen'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { ITEM_ID, itemRow, itemsHandler } from '@/test/admin-fixtures'

function setup(items = [itemRow({ requests_count: 2 })]) {
  storeSession('admin')
  const asked: URLSearchParams[] = []
  server.use(userDataHandler('admin'), itemsHandler(items, asked))
  const last = () => Object.fromEntries(asked[asked.length - 1] ?? [])
  return { asked, last }
}

// Typing into Chakra fields under jsdom is slow when the whole suite runs in parallel.
describe('Items management', { timeout: 20_000 }, () => {
  it('lists items with their sender and route, each opening its review page', async () => {
    const { last } = setup()
    renderApp('/items-management')
    expect(await screen.findByRole('heading', { name: 'Items management' })).toBeVisible()
    const link = await screen.findByRole('link', { name: 'Vintage camera' })
    expect(link).toHaveAttribute('href', `/sending-approval/item/${ITEM_ID}`)
    expect(screen.getByText('Berlin → Paris')).toBeInTheDocument()
    expect(screen.getByText('sender@example.com')).toBeInTheDocument()
    expect(last()).toEqual({ page: '1', per_page: '25', sort_by: 'created_at', sort_order: 'desc' })
  })

  it('shows cards with a sort choice on a phone', async () => {
    const undo = pretendPhoneScreen()
    try {
      const { last } = setup()
      const { user } = renderApp('/items-management')
      const list = await screen.findByRole('list', { name: 'Items' })
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
      expect(within(list).getByRole('link', { name: 'Vintage camera' })).toHaveAttribute(
        'href',
        `/sending-approval/item/${ITEM_ID}`,
      )
      expect(list).toHaveTextContent('2 requests')
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Name, A to Z')
      await waitFor(() => expect(last()).toMatchObject({ sort_by: 'name', sort_order: 'asc' }))
    } finally {
      undo()
    }
  })

  it('puts filters, sorting and page size in the URL and in the query', async () => {
    const { last } = setup()
    const { router, user } = renderApp('/items-management')
    await screen.findByRole('link', { name: 'Vintage camera' })

    await user.selectOptions(screen.getByLabelText('Status'), 'delivered')
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'delivered' }))
    await waitFor(() => expect(last().status).toBe('delivered'))

    await user.selectOptions(screen.getByLabelText('Sending approval'), 'approved')
    await waitFor(() => expect(last().sending_approval).toBe('approved'))

    const nameHeader = screen.getByRole('columnheader', { name: /name/i })
    expect(nameHeader).toHaveAttribute('aria-sort', 'none')
    await user.click(screen.getByRole('button', { name: /^name/i }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ sort_by: 'name', sort_order: 'asc' }),
    )
    await waitFor(() => expect(last()).toMatchObject({ sort_by: 'name', sort_order: 'asc' }))
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )

    await user.selectOptions(screen.getByLabelText('Per page'), '50')
    await waitFor(() => expect(last().per_page).toBe('50'))
    expect(router.state.location.search).toMatchObject({ per_page: 50, status: 'delivered' })
  })

  it('sends the trimmed search after the typing pauses', async () => {
    const { asked, last } = setup()
    const { router, user } = renderApp('/items-management')
    await screen.findByRole('link', { name: 'Vintage camera' })
    const before = asked.length
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '  camera ')
    // Nothing is asked while typing.
    expect(asked.length).toBe(before)
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'camera' }), {
      timeout: 2000,
    })
    await waitFor(() => expect(last().search).toBe('camera'))
  })

  it('reads filters from the URL', async () => {
    const { last } = setup([])
    renderApp('/items-management?delivery_approval=pending&page=2&status=bogus')
    expect(await screen.findByText('No items found')).toBeInTheDocument()
    expect(last()).toMatchObject({ delivery_approval: 'pending', page: '2' })
    expect(last().status).toBeUndefined()
  })

  it("shows the server's message when the list fails", async () => {
    storeSession('admin')
    server.use(userDataHandler('admin'), failWith('get', 'admin/items', 500, 'Search is down'))
    renderApp('/items-management')
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is down')
  })
})
