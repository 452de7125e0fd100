import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { placeReverseAnswer, placeSearchAnswer } from '@contract/places'
import type { Location } from '@contract/items'
import { answer, failure } from '@/test/answers'
import { TestProviders } from '@/test/providers'
import { createQueryClient } from '@/lib/query-client'
import { server } from '@/test/msw-server'
import { MapLocationPicker } from './map-location-picker'
import { PlaceSearch } from './place-search'

// maplibre needs WebGL; a stand-in map lets the test "click" a point.
vi.mock('./maplibre-view', () => ({
  MapView: ({ onPick, label }: { onPick?: (lat: number, lng: number) => void; label: string }) => (
    <button type="button" onClick={() => onPick?.(48.856614, 2.3522219)}>
      Click {label}
    </button>
  ),
}))

configure({ asyncUtilTimeout: 4000 })

function Harness({ picker = false }: { picker?: boolean }) {
  const [value, setValue] = useState<Location | null>(null)
  const Field = picker ? MapLocationPicker : PlaceSearch
  return (
    <>
      <Field
        label="Destination"
        value={value}
        onChange={setValue}
        {...(picker && { pointName: 'the drop-off point' })}
      />
      <output>{value ? `${value.lat},${value.lng} ${value.address}` : 'none'}</output>
    </>
  )
}

function renderField(picker = false) {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  render(
    <TestProviders queryClient={queryClient}>
      <Harness picker={picker} />
    </TestProviders>,
  )
}

describe('PlaceSearch', () => {
  it('asks once, 400 ms after the last keystroke, and picks by keyboard', async () => {
    const queries: string[] = []
    server.use(
      http.get('/api/places/search', ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('q') ?? '')
        return answer(placeSearchAnswer, {
          success: true,
          message: 'OK',
          data: [
            { display_name: 'Paris, France', lat: 48.85, lon: 2.35 },
            { display_name: 'Paris, Texas', lat: 33.66, lon: -95.55 },
          ],
        })
      }),
    )
    renderField()
    const field = screen.getByRole('combobox', { name: 'Destination' })
    fireEvent.change(field, { target: { value: 'Par' } })
    fireEvent.change(field, { target: { value: 'Paris' } })
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(queries).toEqual([])
    await waitFor(() => expect(queries).toEqual(['Paris']))
    const input = screen.getByRole('combobox', { name: 'Destination' })
    expect(await screen.findByRole('listbox')).toBeInTheDocument()
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Paris, Texas' }).id,
    )
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(screen.getByText('33.66,-95.55 Paris, Texas')).toBeInTheDocument()
    expect(input).toHaveValue('Paris, Texas')
  })

  it('shows no suggestions when the search fails', async () => {
    let asked = false
    server.use(
      http.get('/api/places/search', () => {
        asked = true
        return failure(503, 'down')
      }),
    )
    renderField()
    await userEvent.setup().type(screen.getByRole('combobox', { name: 'Destination' }), 'Rome')
    await waitFor(() => expect(asked).toBe(true))
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })
})

describe('MapLocationPicker', () => {
  it('loads the map only when shown and turns a click into an address', async () => {
    server.use(
      http.get('/api/places/reverse', ({ request }) => {
        const url = new URL(request.url)
        expect(url.searchParams.get('lat')).toBe('48.856614')
        return answer(placeReverseAnswer, {
          success: true,
          message: 'OK',
          data: { display_name: 'Paris, France', lat: 48.85, lon: 2.35 },
        })
      }),
    )
    renderField(true)
    const user = userEvent.setup()
    expect(screen.queryByRole('button', { name: /Click Map/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show map for Destination' }))
    expect(screen.getByRole('checkbox', { name: 'Dark map for Destination' })).toBeInTheDocument()
    expect(screen.getByText(/^Tap the map to choose the drop-off point;/)).toBeVisible()
    await user.click(await screen.findByRole('button', { name: 'Click Map for Destination' }))
    expect(await screen.findByText('48.856614,2.3522219 Paris, France')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveValue('Paris, France')
  })
})
