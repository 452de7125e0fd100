import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { availableItemsAnswer } from '@contract/deliveries'
import { messageOnly } from '@contract/envelope'
import { delivererItemAnswer, type Item } from '@contract/items'
import { answer, failure } from '@/test/answers'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession, testUsers } from '@/test/session'
import { rememberListSearch } from './available-search'
import { makeItem, pdf, termsHandler } from '@/test/deliverer-fixtures'

// maplibre needs WebGL, which jsdom lacks: the lazily loaded map shows its fallback instead.
vi.mock('@/components/maplibre-view', () => ({
  MapView: ({ fallback }: { fallback: React.ReactNode }) => <>{fallback}</>,
}))

configure({ asyncUtilTimeout: 4000 })

const id = '11111111-1111-4111-8111-111111111111'

function itemHandler(item: Item) {
  return http.get(`/api/item/${id}`, () =>
    answer(delivererItemAnswer, { success: true, message: 'OK', data: item }),
  )
}

function setup(item: Item | null) {
  storeSession('deliverer')
  server.use(userDataHandler('deliverer'), termsHandler)
  if (item) server.use(itemHandler(item))
  return renderApp(`/available-items/${id}`)
}

describe('/available-items/$id', { timeout: 15_000 }, () => {
  it('a declined request shows Declined and, the item still open, Make a new offer', async () => {
    const me = testUsers.deliverer.id
    const item = makeItem({ rejected_deliverer: [{ id: me, name: 'Dee', reason: 'Too late' }] })
    const { user } = setup(item)
    const section = await screen.findByRole('region', { name: 'Request to deliver' })
    expect(await within(section).findByText('Declined')).toBeInTheDocument()
    expect(within(section).getByText('Reason: Too late')).toBeInTheDocument()
    const button = within(section).getByRole('button', { name: 'Make a new offer' })
    expect(button).toBeDisabled()
    await user.upload(screen.getByLabelText(/Proof of travel/), pdf())
    expect(within(section).getByRole('button', { name: 'Make a new offer' })).toBeEnabled()
  })

  it('a declined request on an item someone else took offers nothing', async () => {
    const me = testUsers.deliverer.id
    setup(
      makeItem({
        status: 'ready_to_pickup',
        rejected_deliverer: [{ id: me, name: 'Dee', reason: null }],
      }),
    )
    const section = await screen.findByRole('region', { name: 'Request to deliver' })
    expect(await within(section).findByText('Declined')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Make a new offer' })).toBeNull()
    expect(within(section).queryByLabelText(/Proof of travel/)).toBeNull()
  })

  it('shows the item as docs/spec.md section 2 lists it', async () => {
    const item = makeItem({
      is_fragile: true,
      description: '  ',
      special_instructions: 'Keep upright',
    })
    const view = setup(null)
    server.use(
      http.get(`/api/item/${id}`, async () => {
        await delay(300)
        return answer(delivererItemAnswer, { success: true, message: 'OK', data: item })
      }),
    )
    expect(await screen.findByText('Loading item details...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Laptop', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Status: Open for offers')).toBeInTheDocument()
    expect(screen.getByText('Fragile')).toBeInTheDocument()
    expect(screen.getByText('No description provided')).toBeInTheDocument()
    expect(screen.getByText('December 5, 2026')).toBeInTheDocument()
    expect(screen.getByText('40 x 30 x 10 cm')).toBeInTheDocument()
    expect(screen.getByText('2.5 kg')).toBeInTheDocument()
    expect(screen.getByText('Keep upright')).toBeInTheDocument()
    expect(screen.getAllByText('New York, USA').length).toBeGreaterThan(0)
    // The sender price, as the list's card shows it.
    expect(screen.getByRole('region', { name: 'Request to deliver' })).toHaveTextContent(
      'Sender price: $25.00',
    )
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Your offer price (optional)')).not.toBeInTheDocument()
    expect(view.router.state.location.pathname).toBe(`/available-items/${id}`)
  })

  it('reads Upload travel document to request, then Request to deliver, and sends the sender price', async () => {
    let fields: Record<string, FormDataEntryValue> = {}
    server.use(
      http.post('/api/request-item', async ({ request }) => {
        fields = Object.fromEntries((await request.formData()).entries())
        return answer(messageOnly, { success: true, message: 'OK' })
      }),
      http.post('/api/available-items', () => failure(500, 'not called')),
    )
    const { user, router } = setup(makeItem())
    expect(await screen.findByText('$25.00')).toBeInTheDocument()
    const button = await screen.findByRole('button', { name: 'Upload travel document to request' })
    expect(button).toBeDisabled()
    const upload = userEvent.setup({ applyAccept: false })
    const input = screen.getByLabelText('Proof of travel (PDF, JPEG or PNG, max 2 MB)')
    await upload.upload(input, pdf('notes.txt', 5, 'text/plain'))
    expect(
      screen.getByText('Invalid file type. Please upload a PDF, JPEG, or PNG file.'),
    ).toBeInTheDocument()
    await upload.upload(input, pdf())
    await user.click(screen.getByRole('button', { name: 'Request to deliver' }))
    await screen.findByText('Carrier terms')
    await user.click(screen.getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('Request sent successfully!')).toBeInTheDocument()
    expect(fields.deliverer_price).toBe('25')
    await waitFor(() => expect(router.state.location.pathname).toBe('/available-items'))
  })

  it('returns to the list with the route chosen there after the request', async () => {
    const origin = { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' }
    const destination = { lat: 48.137, lng: 11.575, address: 'Munich, Germany' }
    server.use(
      http.post('/api/request-item', () => answer(messageOnly, { success: true, message: 'OK' })),
      http.post('/api/available-items', () =>
        answer(availableItemsAnswer, {
          success: true,
          message: 'OK',
          data: {
            items: [],
            pagination: { current_page: 1, per_page: 10, total: 0, last_page: 1 },
            origin,
            destination,
          },
        }),
      ),
    )
    rememberListSearch({ origin, destination, radius: 25 })
    const { user, router } = setup(makeItem())
    const upload = userEvent.setup({ applyAccept: false })
    await upload.upload(
      await screen.findByLabelText('Proof of travel (PDF, JPEG or PNG, max 2 MB)'),
      pdf(),
    )
    await user.click(screen.getByRole('button', { name: 'Request to deliver' }))
    await user.click(await screen.findByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/available-items'))
    expect(router.state.location.search).toMatchObject({ origin, destination, radius: 25 })
    expect(screen.queryByText(/Please select your destination/)).not.toBeInTheDocument()
    sessionStorage.clear()
  })

  it("reads 'Requested' and hides the upload once requested", async () => {
    setup(makeItem({ requested_by: [testUsers.deliverer.id] }))
    expect(await screen.findByRole('button', { name: 'Requested' })).toBeDisabled()
    expect(screen.queryByLabelText(/Proof of travel/)).not.toBeInTheDocument()
  })

  it('shows the server message first when loading fails', async () => {
    setup(null)
    server.use(failWith('get', `item/${id}`, 404, 'Item not found'))
    expect(await screen.findByText('Item not found')).toBeInTheDocument()
  })

  it("falls back to 'Failed to load item details'", async () => {
    setup(null)
    server.use(http.get(`/api/item/${id}`, () => new HttpResponse('x', { status: 502 })))
    expect(await screen.findByText('Failed to load item details')).toBeInTheDocument()
  })
})
