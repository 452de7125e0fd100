import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Location } from '@contract/items'
import { TestProviders } from '@/test/providers'
import { createQueryClient } from '@/lib/query-client'
import { RouteMap } from './route-map'

// maplibre needs WebGL: a stand-in shows which points and mode the route map asks for.
vi.mock('./maplibre-view', () => ({
  MapView: ({ label, points, line }: { label: string; points: Location[]; line?: boolean }) => (
    <div role="region" aria-label={label}>
      {line ? 'line' : 'no line'} through {points.map((p) => `${p.lat},${p.lng}`).join(' and ')}
    </div>
  ),
}))

const boston = { lat: 42.36, lng: -71.06, address: 'Boston, Massachusetts, United States' }
const philadelphia = {
  lat: 39.95,
  lng: -75.17,
  address: 'Philadelphia, Pennsylvania, United States',
}

function renderRoute(props: Partial<Parameters<typeof RouteMap>[0]> = {}) {
  render(
    <TestProviders queryClient={createQueryClient()}>
      <RouteMap from={boston} to={philadelphia} label="Route of Wedding dress" {...props} />
    </TestProviders>,
  )
}

describe('RouteMap', () => {
  it('draws the route from the pickup to the drop-off and names both ends in a legend', async () => {
    renderRoute()
    const map = await screen.findByRole('region', { name: 'Route of Wedding dress' })
    expect(map).toHaveTextContent('line through 42.36,-71.06 and 39.95,-75.17')
    const legend = screen.getByRole('list', { name: 'Route of Wedding dress legend' })
    const rows = within(legend).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'From: Boston, Massachusetts, United States',
      'To: Philadelphia, Pennsylvania, United States',
    ])
  })

  it('names a place without an address by its coordinates', async () => {
    renderRoute({ to: { lat: 39.95, lng: -75.17, address: '' } })
    await screen.findByRole('region', { name: 'Route of Wedding dress' })
    expect(screen.getByText(/^39\.95/)).toBeInTheDocument()
  })

  it('leaves the legend out when the page lists the places already', async () => {
    renderRoute({ legend: false })
    await screen.findByRole('region', { name: 'Route of Wedding dress' })
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })
})
