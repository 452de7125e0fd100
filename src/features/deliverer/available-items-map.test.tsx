import { configure, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { availableItemsAnswer } from '@contract/deliveries'
import { answer } from '@/test/answers'
import type { MapViewProps } from '@/components/maplibre-view'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem, termsHandler } from '@/test/deliverer-fixtures'
import { pretendPhoneScreen } from '@/test/phone-screen'

// MapLibre needs WebGL, which jsdom lacks: this stand-in draws what the page asks the map to
// draw (the corridor's width and each stop as the button the real marker is).
vi.mock('@/components/maplibre-view', () => ({
  MapView: ({ label, corridorKm, stops, onStop }: MapViewProps) => (
    <div role="region" aria-label={label}>
      <p>Corridor {corridorKm} km</p>
      {stops?.map((stop) => (
        <button key={`${stop.id}-${stop.kind}`} onClick={() => onStop?.(stop.id)}>
          {stop.label}
        </button>
      ))}
    </div>
  ),
}))

configure({ asyncUtilTimeout: 4000 })

const origin = { lat: 41.88, lng: -87.63, address: 'Chicago, Illinois, United States' }
const destination = { lat: 39.77, lng: -86.16, address: 'Indianapolis, Indiana, United States' }
const path = `/available-items?origin=${encodeURIComponent(JSON.stringify(origin))}&destination=${encodeURIComponent(JSON.stringify(destination))}&radius=25`

function availableAnswer() {
  return answer(availableItemsAnswer, {
    success: true,
    message: 'Available items',
    data: {
      items: [
        makeItem({
          id: '11111111-1111-4111-8111-000000000001',
          name: 'Laptop',
          from_location: { lat: 41.59, lng: -87.35, address: 'Gary, Indiana, United States' },
          to_location: { lat: 40.42, lng: -86.88, address: 'Lafayette, Indiana, United States' },
          detour_km: 0.4,
        }),
        makeItem({
          id: '11111111-1111-4111-8111-000000000002',
          name: 'Guitar',
          detour_km: 12.6,
        }),
      ],
      pagination: { current_page: 1, per_page: 10, total: 2, last_page: 1 },
      origin,
      destination,
    },
  })
}

describe('/available-items map and detours', { timeout: 15_000 }, () => {
  it('numbers the cards as the markers, says each detour, and a marker brings its card forward', async () => {
    storeSession('deliverer')
    server.use(
      userDataHandler('deliverer'),
      termsHandler,
      http.post('/api/available-items', () => availableAnswer()),
    )
    const { user } = renderApp(path)
    const laptop = await screen.findByRole('article', { name: 'Laptop' })
    const guitar = screen.getByRole('article', { name: 'Guitar' })
    expect(laptop).toHaveTextContent(/^1Laptop/)
    expect(guitar).toHaveTextContent(/^2Guitar/)
    expect(laptop).toHaveTextContent('On your way (under 1 km detour)')
    expect(guitar).toHaveTextContent('+13 km detour')

    const map = await screen.findByRole('region', {
      name: 'Map of your route and the items on it',
    })
    expect(map).toHaveTextContent('Corridor 25 km')
    expect(
      within(map)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '1. Laptop: pickup',
      '1. Laptop: drop-off',
      '2. Guitar: pickup',
      '2. Guitar: drop-off',
    ])
    expect(screen.getByRole('list', { name: 'Map legend' })).toHaveTextContent(
      'Within 25 km of your route',
    )

    await user.click(within(map).getByRole('button', { name: '2. Guitar: drop-off' }))
    await waitFor(() => expect(guitar).toHaveFocus())
    expect(guitar).toHaveAttribute('aria-current', 'true')
    expect(laptop).not.toHaveAttribute('aria-current')
    // The list itself works as before: the card's own actions are there.
    expect(within(guitar).getByRole('link', { name: 'View details' })).toBeInTheDocument()
  })

  it('on a phone puts the list first and shows the map on a tap, remembered on the device', async () => {
    const undo = pretendPhoneScreen()
    try {
      localStorage.removeItem('tote.route_map')
      storeSession('deliverer')
      server.use(
        userDataHandler('deliverer'),
        termsHandler,
        http.post('/api/available-items', () => availableAnswer()),
      )
      const { user, unmount } = renderApp(path)
      await screen.findByRole('article', { name: 'Laptop' })
      expect(
        screen.queryByRole('region', { name: 'Map of your route and the items on it' }),
      ).not.toBeInTheDocument()
      expect(screen.getByText(/Items within 25 km of the way from Chicago/)).toBeInTheDocument()

      await user.click(screen.getByRole('button', { name: 'Show route map' }))
      expect(
        await screen.findByRole('region', { name: 'Map of your route and the items on it' }),
      ).toBeInTheDocument()
      unmount()

      // Next time the map is there at once, until "Hide route map".
      const again = renderApp(path)
      expect(
        await screen.findByRole('region', { name: 'Map of your route and the items on it' }),
      ).toBeInTheDocument()
      await again.user.click(screen.getByRole('button', { name: 'Hide route map' }))
      expect(screen.getByRole('button', { name: 'Show route map' })).toBeInTheDocument()
      expect(localStorage.getItem('tote.route_map')).toBeNull()
    } finally {
      undo()
    }
  })
})
