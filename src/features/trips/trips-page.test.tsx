import { configure, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { userConsentAnswer } from '@contract/terms'
import { tripAnswer, tripsAnswer, TOO_MANY_TRIPS, type Trip } from '@contract/trips'
import { messageOnly } from '@contract/envelope'
import { availableItemsAnswer } from '@contract/deliveries'
import { answer, failure } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { localToday } from './trip-dates'

configure({ asyncUtilTimeout: 4000 })

const origin = { lat: 41.88, lng: -87.63, address: 'Chicago, Illinois, United States' }
const destination = { lat: 39.77, lng: -86.16, address: 'Indianapolis, Indiana, United States' }

function makeTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    id: '0b6f3d0e-1c2a-4f5e-9a7b-111111111111',
    name: null,
    origin,
    destination,
    radius_km: 10,
    travel_date: '2099-06-01',
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  }
}

/** Answers go through the contract's schemas: a contract change breaks this test, not a user. */
const tripsHandler = (trips: Trip[]) =>
  http.get('/api/trips', () =>
    answer(tripsAnswer, { success: true, message: 'Trips', data: { trips } }),
  )

/** /available-items asks for the deliverer's terms before a request; none matter here. */
const noTerms = http.get('/api/user-consent', () =>
  answer(userConsentAnswer, { success: true, message: 'OK', data: [] }),
)

function signIn(path: string) {
  storeSession('deliverer')
  server.use(userDataHandler('deliverer'), noTerms)
  return renderApp(path)
}

describe('/trips', { timeout: 15_000 }, () => {
  it('lists the trips with their route, date and radius, and finds items for one', async () => {
    server.use(
      tripsHandler([makeTrip({ name: 'Visit to Mum' }), makeTrip({ id: 'b', name: null })]),
      http.post('/api/available-items', () =>
        answer(availableItemsAnswer, {
          success: true,
          message: 'No items available',
          data: {
            items: [],
            pagination: { current_page: 1, per_page: 10, total: 0, last_page: 1 },
            origin,
            destination,
          },
        }),
      ),
    )
    const { user, router } = signIn('/trips')
    const mum = (await screen.findByRole('heading', { name: 'Visit to Mum' })).closest('li')!
    expect(mum).toHaveTextContent(
      'Chicago, Illinois, United States → Indianapolis, Indiana, United States',
    )
    expect(mum).toHaveTextContent('up to 10 km from the route')
    // A trip without a name is called by its route.
    expect(
      screen.getByRole('heading', {
        name: 'Chicago, Illinois, United States → Indianapolis, Indiana, United States',
      }),
    ).toBeInTheDocument()
    expect(screen.getByText('2 of 20 trips')).toBeInTheDocument()

    await user.click(within(mum).getByRole('link', { name: 'Find items for Visit to Mum' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/available-items'))
    expect(router.state.location.search).toMatchObject({ origin, destination, radius: 10 })
    // The route is a saved trip already: it is not offered again.
    expect(await screen.findByText(/Saved as your trip “Visit to Mum”/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save as trip' })).not.toBeInTheDocument()
  })

  it('says how to save a first trip when there is none', async () => {
    server.use(tripsHandler([]))
    signIn('/trips')
    expect(await screen.findByText(/No trips yet/)).toHaveTextContent(
      'No trips yet. On Available items, choose where you start and where you go, then press “Save as trip”.',
    )
  })

  it('deletes a trip only after the confirmation', async () => {
    let trips = [makeTrip({ name: 'Visit to Mum' })]
    const deleted: string[] = []
    server.use(
      http.get('/api/trips', () =>
        answer(tripsAnswer, { success: true, message: 'Trips', data: { trips } }),
      ),
      http.delete('/api/trips/:id', ({ params }) => {
        deleted.push(String(params.id))
        trips = []
        return answer(messageOnly, { success: true, message: 'Trip deleted' })
      }),
    )
    const { user } = signIn('/trips')
    await user.click(await screen.findByRole('button', { name: 'Delete Visit to Mum' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this trip?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(deleted).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete Visit to Mum' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete trip' }),
    )
    await waitFor(() => expect(deleted).toEqual([makeTrip().id]))
    expect(await screen.findByText(/No trips yet/)).toBeInTheDocument()
  })

  it('edits the name, date and radius and keeps the route', async () => {
    const sent: unknown[] = []
    server.use(
      tripsHandler([makeTrip({ name: 'Visit to Mum' })]),
      http.put('/api/trips/:id', async ({ request }) => {
        sent.push(await request.json())
        return answer(tripAnswer, {
          success: true,
          message: 'Trip updated',
          data: { trip: makeTrip() },
        })
      }),
    )
    const { user } = signIn('/trips')
    await user.click(await screen.findByRole('button', { name: 'Edit Visit to Mum' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit trip' })
    const name = within(dialog).getByRole('textbox', { name: 'Name (optional)' })
    await user.clear(name)
    await user.type(name, 'Mum again')
    const radius = within(dialog).getByRole('spinbutton', { name: /Radius/ })
    await user.clear(radius)
    await user.type(radius, '0')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await within(dialog).findByText('Radius must be between 1 and 500 km')).toBeVisible()
    expect(sent).toEqual([])

    await user.clear(radius)
    await user.type(radius, '25')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          origin_address: origin,
          destination_address: destination,
          radius_km: 25,
          travel_date: '2099-06-01',
          name: 'Mum again',
        },
      ]),
    )
  })
})

describe('Save as trip on /available-items', { timeout: 15_000 }, () => {
  const chosen = `/available-items?origin=${encodeURIComponent(JSON.stringify(origin))}&destination=${encodeURIComponent(JSON.stringify(destination))}&radius=20`
  const noItems = http.post('/api/available-items', () =>
    answer(availableItemsAnswer, {
      success: true,
      message: 'No items available',
      data: {
        items: [],
        pagination: { current_page: 1, per_page: 10, total: 0, last_page: 1 },
        origin,
        destination,
      },
    }),
  )

  it('saves the current route and radius with the travel date and name', async () => {
    const sent: unknown[] = []
    server.use(
      noItems,
      tripsHandler([]),
      http.post('/api/trips', async ({ request }) => {
        sent.push(await request.json())
        return answer(
          tripAnswer,
          { success: true, message: 'Trip saved', data: { trip: makeTrip() } },
          { status: 201 },
        )
      }),
    )
    const { user } = signIn(chosen)
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save this route as a trip' })
    expect(within(dialog).getByLabelText(/Travel date/)).toHaveValue(localToday())
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), 'Work')
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          origin_address: origin,
          destination_address: destination,
          radius_km: 20,
          travel_date: localToday(),
          name: 'Work',
        },
      ]),
    )
    expect(await screen.findByText('Trip saved')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    server.use(
      noItems,
      tripsHandler([]),
      http.post('/api/trips', () => failure(400, TOO_MANY_TRIPS)),
    )
    const { user } = signIn(chosen)
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), 'Work')
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TOO_MANY_TRIPS)
    expect(within(dialog).getByRole('textbox', { name: 'Name (optional)' })).toHaveValue('Work')
  })

  it('is not offered before both places are chosen', async () => {
    signIn('/available-items')
    expect(
      await screen.findByText(
        'Please select your destination and current location to see available items.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save as trip' })).not.toBeInTheDocument()
  })
})
