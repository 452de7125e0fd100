import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { availableItemsAnswer } from '@contract/deliveries'
import { messageOnly } from '@contract/envelope'
import { placeSearchAnswer } from '@contract/places'
import { answer } from '@/test/answers'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { pretendPhoneScreen } from '@/test/phone-screen'
import { renderApp } from '@/test/render-app'
import { storeSession, testUsers } from '@/test/session'
import { makeItem, pdf, termsHandler } from '@/test/deliverer-fixtures'

// CI machines are slow and these pages lazy-load routes; give findBy more room than 1 s.
configure({ asyncUtilTimeout: 4000 })

const places = http.get('/api/places/search', ({ request }) => {
  const q = new URL(request.url).searchParams.get('q') ?? ''
  return answer(placeSearchAnswer, {
    success: true,
    message: 'OK',
    data: q.startsWith('New')
      ? [{ display_name: 'New York, USA', lat: 40.71, lon: -74.0 }]
      : [{ display_name: 'Boston, USA', lat: 42.36, lon: -71.06 }],
  })
})

const origin = { lat: 40.71, lng: -74.0, address: 'New York, USA' }
const destination = { lat: 42.36, lng: -71.06, address: 'Boston, USA' }
const chosen = `/available-items?origin=${encodeURIComponent(JSON.stringify(origin))}&destination=${encodeURIComponent(JSON.stringify(destination))}`

interface Seen {
  body: unknown
  query: URLSearchParams
}

function availableHandler(items = [makeItem()], seen: Seen[] = []) {
  return http.post('/api/available-items', async ({ request }) => {
    seen.push({ body: await request.json(), query: new URL(request.url).searchParams })
    return answer(availableItemsAnswer, {
      success: true,
      message: 'OK',
      data: {
        items,
        pagination: { current_page: 1, per_page: 10, total: items.length, last_page: 1 },
        origin,
        destination,
      },
    })
  })
}

function setup(path = '/available-items') {
  storeSession('deliverer')
  server.use(userDataHandler('deliverer'), places, termsHandler)
  return renderApp(path)
}

async function pickPlace(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  text: string,
  option: string,
) {
  await user.type(screen.getByRole('combobox', { name: new RegExp(label) }), text)
  await user.click(await screen.findByRole('option', { name: option }))
}

describe('/available-items', { timeout: 15_000 }, () => {
  it('opens with the newest items, then those near the origin, then the route', async () => {
    const seen: Seen[] = []
    server.use(availableHandler([makeItem()], seen))
    const { user } = setup()
    const prompt = 'Please select your destination and current location to see available items.'
    expect(await screen.findByText(prompt)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Newest items' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Laptop' })).toBeInTheDocument()
    expect(seen[0]?.body).toEqual({ radius_km: 10 })

    await pickPlace(user, 'Current location', 'New', 'New York, USA')
    expect(await screen.findByRole('heading', { name: 'Items near you' })).toBeInTheDocument()
    await waitFor(() =>
      expect(seen.at(-1)?.body).toEqual({ radius_km: 10, origin_address: origin }),
    )
    expect(screen.getByText(prompt)).toBeInTheDocument()

    await pickPlace(user, 'Destination', 'Bos', 'Boston, USA')
    expect(await screen.findByRole('heading', { name: 'Items on your route' })).toBeInTheDocument()
    expect(screen.queryByText(prompt)).not.toBeInTheDocument()
    expect(seen.at(-1)?.body).toEqual({
      radius_km: 10,
      origin_address: origin,
      destination_address: destination,
    })
    expect(seen.at(-1)?.query.get('page')).toBe('1')
    expect(seen.at(-1)?.query.get('per_page')).toBe('10')
    expect(seen.at(-1)?.query.has('search')).toBe(false)
  })

  it('opens with the last route on this device', async () => {
    localStorage.setItem(
      `tote.available-items.last-route:${testUsers.deliverer.id}`,
      JSON.stringify({ origin, destination, radius: 25 }),
    )
    const seen: Seen[] = []
    server.use(availableHandler([makeItem()], seen))
    const { router } = setup()
    expect(await screen.findByRole('heading', { name: 'Items on your route' })).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({ origin, destination, radius: 25 })
    // The field says the radius the list uses.
    expect(screen.getByLabelText('Radius (km)')).toHaveValue(25)
    // Straight to the route: no list of the newest items first.
    await screen.findByRole('heading', { name: 'Laptop' })
    expect(seen.map((s) => s.body)).toEqual([
      { radius_km: 25, origin_address: origin, destination_address: destination },
    ])
  })

  it('on a phone, folds a chosen route into one line until Change route', async () => {
    const undo = pretendPhoneScreen()
    try {
      server.use(availableHandler())
      const { user } = setup(chosen)
      const route = await screen.findByRole('region', { name: 'Your route' })
      await waitFor(() => expect(route).toHaveTextContent('New York, USA → to Boston, USA'))
      expect(within(route).queryByRole('combobox')).not.toBeInTheDocument()
      expect(await screen.findByRole('heading', { name: 'Laptop' })).toBeInTheDocument()

      await user.click(within(route).getByRole('button', { name: 'Change route' }))
      const from = within(route).getByRole('combobox', { name: /Current location/ })
      expect(from).toHaveValue('New York, USA')
      expect(from).toHaveFocus()

      await user.click(within(route).getByRole('button', { name: 'Done' }))
      expect(within(route).queryByRole('combobox')).not.toBeInTheDocument()
      expect(within(route).getByRole('button', { name: 'Change route' })).toHaveFocus()
    } finally {
      undo()
    }
  })

  it('on a phone, keeps the place fields in view while they are being chosen', async () => {
    const undo = pretendPhoneScreen()
    try {
      server.use(availableHandler())
      const { user } = setup()
      expect(await screen.findByRole('heading', { name: 'Newest items' })).toBeInTheDocument()
      await pickPlace(user, 'Current location', 'New', 'New York, USA')
      await pickPlace(user, 'Destination', 'Bos', 'Boston, USA')
      expect(
        await screen.findByRole('heading', { name: 'Items on your route' }),
      ).toBeInTheDocument()
      const route = screen.getByRole('region', { name: 'Your route' })
      expect(within(route).getByRole('combobox', { name: /Destination/ })).toBeInTheDocument()
      expect(within(route).getByRole('button', { name: 'Done' })).toBeInTheDocument()
    } finally {
      undo()
    }
  })

  it('opens with the route of the next saved trip', async () => {
    const seen: Seen[] = []
    const trip = {
      id: 't1',
      name: 'Work',
      origin,
      destination,
      radius_km: 15,
      travel_date: '2099-01-01',
      created_at: '2026-11-01T10:00:00.000Z',
    }
    server.use(
      availableHandler([makeItem()], seen),
      http.get('/api/trips', () =>
        HttpResponse.json({ success: true, message: 'Trips', data: { trips: [trip] } }),
      ),
    )
    const { router } = setup()
    // Drawn once, with the trip's route: never first empty, then filled (the page would jump).
    const route = await screen.findByRole('region', { name: 'Your route' })
    expect(within(route).getByRole('combobox', { name: /Current location/ })).toHaveValue(
      'New York, USA',
    )
    expect(screen.queryByRole('heading', { name: 'Newest items' })).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Items on your route' })).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({ origin, destination, radius: 15 })
    expect(await screen.findByText(/Saved as your trip “Work”/)).toBeInTheDocument()
    expect(seen.map((s) => s.body)).toEqual([
      { radius_km: 15, origin_address: origin, destination_address: destination },
    ])
  })

  it('asks for the position only when Use my location is tapped', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 40.7, longitude: -74, accuracy: 20 } } as GeolocationPosition),
    )
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition },
      configurable: true,
    })
    const seen: Seen[] = []
    server.use(availableHandler([makeItem()], seen))
    const { user } = setup()
    await screen.findByRole('heading', { name: 'Laptop' })
    expect(getCurrentPosition).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Use my location' }))
    expect(await screen.findByRole('heading', { name: 'Items near you' })).toBeInTheDocument()
    await waitFor(() =>
      expect(seen.at(-1)?.body).toEqual({
        radius_km: 10,
        origin_address: { lat: 40.7, lng: -74, address: 'My location' },
      }),
    )
    Reflect.deleteProperty(navigator, 'geolocation')
  })

  it('sends a radius of at least 1 and a trimmed search', async () => {
    const seen: Seen[] = []
    server.use(availableHandler([makeItem()], seen))
    const { user } = setup(chosen)
    await screen.findByRole('heading', { name: 'Laptop' })
    await user.type(screen.getByLabelText('Radius (km)'), '0.5')
    await waitFor(() => expect(seen.at(-1)?.body).toMatchObject({ radius_km: 1 }))
    // What was typed stays, with why 1 km is used.
    expect(screen.getByLabelText('Radius (km)')).toHaveValue(0.5)
    expect(screen.getByText('The radius is at least 1 km; 1 km is used.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Search items'), '  lap  ')
    await waitFor(() => expect(seen.at(-1)?.query.get('search')).toBe('lap'), { timeout: 2000 })
  })

  it('shows the card facts and the request button by the requested rule', async () => {
    server.use(
      availableHandler([
        makeItem({ is_fragile: true }),
        makeItem({ id: 'a2', name: 'Books', requested_by: [testUsers.deliverer.id] }),
        makeItem({ id: 'a3', name: 'Shoes', request_status: 'accepted' }),
      ]),
    )
    setup(chosen)
    const laptop = (await screen.findByRole('heading', { name: 'Laptop' })).closest('article')!
    expect(within(laptop).getByText('Fragile')).toBeInTheDocument()
    expect(within(laptop).getByText('$25.00')).toBeInTheDocument()
    expect(within(laptop).getByText('2.5 kg')).toBeInTheDocument()
    expect(within(laptop).getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      '/available-items/11111111-1111-4111-8111-111111111111',
    )
    expect(within(laptop).getByRole('button', { name: 'Request to deliver' })).toBeEnabled()
    const books = screen.getByRole('heading', { name: 'Books' }).closest('article')!
    expect(within(books).getByRole('button', { name: 'Requested' })).toBeDisabled()
    const shoes = screen.getByRole('heading', { name: 'Shoes' }).closest('article')!
    expect(within(shoes).getByRole('button', { name: 'Requested' })).toBeDisabled()
  })

  it("says 'No items available' and shows the server message on failure", async () => {
    server.use(availableHandler([]))
    setup(chosen)
    expect(await screen.findByText('No items available')).toBeInTheDocument()
  })

  it('shows the server message when loading fails', async () => {
    server.use(failWith('post', 'available-items', 500, 'Search is down'))
    setup(chosen)
    expect(await screen.findByText('Search is down')).toBeInTheDocument()
  })

  it("falls back to 'Failed to load available items'", async () => {
    server.use(http.post('/api/available-items', () => new HttpResponse('x', { status: 502 })))
    setup(chosen)
    expect(await screen.findByText('Failed to load available items')).toBeInTheDocument()
  })
})

describe('request from a card', { timeout: 15_000 }, () => {
  async function openDialog() {
    const view = setup(chosen)
    const card = (await screen.findByRole('heading', { name: 'Laptop' })).closest('article')!
    await view.user.click(within(card).getByRole('button', { name: 'Request to deliver' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload travel document' })
    const upload = userEvent.setup({ applyAccept: false })
    return { ...view, dialog, upload }
  }

  it('applies the file rules', async () => {
    server.use(availableHandler())
    const { dialog, upload } = await openDialog()
    const submit = within(dialog).getByRole('button', { name: 'Upload travel document to request' })
    expect(submit).toBeDisabled()
    const input = within(dialog).getByLabelText('Proof of travel (PDF, JPEG or PNG, max 2 MB)')
    await upload.upload(input, pdf('notes.txt', 10, 'text/plain'))
    expect(
      within(dialog).getByText('Invalid file type. Please upload a PDF, JPEG, or PNG file.'),
    ).toBeInTheDocument()
    await upload.upload(input, pdf('big.pdf', 2_097_153))
    expect(within(dialog).getByText('File size must be less than 2MB')).toBeInTheDocument()
    await upload.upload(input, pdf())
    expect(within(dialog).getByRole('button', { name: 'Request to deliver' })).toBeEnabled()
  })

  it('limits what can be typed as the offer price', async () => {
    server.use(availableHandler())
    const { dialog, user } = await openDialog()
    const offer = within(dialog).getByLabelText('Your offer price (optional)')
    await user.type(offer, '12.345')
    expect(offer).toHaveValue('12.34')
    await user.clear(offer)
    await user.click(offer)
    await user.paste('-5')
    expect(offer).toHaveValue('')
    await user.type(offer, 'abc')
    expect(offer).toHaveValue('')
  })

  it('Accept in the consent dialog sends the request with an Idempotency-Key', async () => {
    let fields: Record<string, FormDataEntryValue> = {}
    let key: string | null = null
    server.use(
      availableHandler(),
      http.post('/api/request-item', async ({ request }) => {
        key = request.headers.get('Idempotency-Key')
        fields = Object.fromEntries((await request.formData()).entries())
        return answer(messageOnly, { success: true, message: 'Request sent' })
      }),
    )
    const { dialog, upload, user, router } = await openDialog()
    await upload.upload(within(dialog).getByLabelText(/Proof of travel/), pdf())
    await user.click(within(dialog).getByRole('button', { name: 'Request to deliver' }))

    const consent = await screen.findByRole('dialog', { name: 'Terms and conditions' })
    expect(await within(consent).findByText('Carrier terms')).toBeInTheDocument()
    expect(within(consent).queryByText('Sender terms')).not.toBeInTheDocument()
    await user.click(within(consent).getByRole('button', { name: 'Accept' }))

    expect(await screen.findByText('Request sent successfully!')).toBeInTheDocument()
    expect(key).toMatch(/^[0-9a-f-]{36}$/)
    expect(fields.item_id).toBe('11111111-1111-4111-8111-111111111111')
    expect(fields.accept_privacy).toBe('true')
    // No offer typed: the sender's price is sent.
    expect(fields.deliverer_price).toBe('25')
    // jsdom's File loses its name crossing into Node's FormData; the size shows it is the file.
    expect((fields.proof_of_travel as File).size).toBe(1000)
    expect(router.state.location.pathname).toBe('/available-items')
  })

  it('sends the typed offer', async () => {
    let price: FormDataEntryValue | null = null
    server.use(
      availableHandler(),
      http.post('/api/request-item', async ({ request }) => {
        price = (await request.formData()).get('deliverer_price')
        return answer(messageOnly, { success: true, message: 'Request sent' })
      }),
    )
    const { dialog, upload, user } = await openDialog()
    await upload.upload(within(dialog).getByLabelText(/Proof of travel/), pdf())
    await user.type(within(dialog).getByLabelText('Your offer price (optional)'), '19.999')
    await user.click(within(dialog).getByRole('button', { name: 'Request to deliver' }))
    const consent = await screen.findByRole('dialog', { name: 'Terms and conditions' })
    await within(consent).findByText('Carrier terms')
    await user.click(within(consent).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(price).toBe('19.99'))
  })

  it('Cancel sends nothing', async () => {
    let called = false
    server.use(
      availableHandler(),
      http.post('/api/request-item', () => {
        called = true
        return answer(messageOnly, { success: true, message: 'x' })
      }),
    )
    const { dialog, upload, user } = await openDialog()
    await upload.upload(within(dialog).getByLabelText(/Proof of travel/), pdf())
    await user.click(within(dialog).getByRole('button', { name: 'Request to deliver' }))
    const consent = await screen.findByRole('dialog', { name: 'Terms and conditions' })
    await user.click(within(consent).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(called).toBe(false)
  })

  it('shows the failure popup with the server message, which can be closed', async () => {
    server.use(availableHandler(), failWith('post', 'request-item', 409, 'You already asked'))
    const { dialog, upload, user } = await openDialog()
    await upload.upload(within(dialog).getByLabelText(/Proof of travel/), pdf())
    await user.click(within(dialog).getByRole('button', { name: 'Request to deliver' }))
    const consent = await screen.findByRole('dialog', { name: 'Terms and conditions' })
    await within(consent).findByText('Carrier terms')
    await user.click(within(consent).getByRole('button', { name: 'Accept' }))
    const popup = await screen.findByRole('alert')
    expect(popup).toHaveTextContent('You already asked')
    await user.click(within(popup).getByRole('button', { name: 'Close' }))
    expect(screen.queryByText('You already asked')).not.toBeInTheDocument()
  })

  it("says 'Failed to fetch terms.' when the terms cannot load", async () => {
    server.use(availableHandler())
    const { dialog, upload, user } = await openDialog()
    server.use(failWith('get', 'user-consent', 500, 'x'))
    await upload.upload(within(dialog).getByLabelText(/Proof of travel/), pdf())
    await user.click(within(dialog).getByRole('button', { name: 'Request to deliver' }))
    expect(await screen.findByText('Failed to fetch terms.')).toBeInTheDocument()
  })
})
