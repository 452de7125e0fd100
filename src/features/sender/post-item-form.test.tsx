import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { PlaceSearchProps } from '@/components/place-search'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem } from '@/test/items'
import { ITEM_ID, itemHandler } from './test/fixtures'

// The real picker needs a map; a button that picks a fixed place stands in for it.
vi.mock('@/components/map-location-picker', () => ({
  MapLocationPicker: ({ label, onChange, error }: PlaceSearchProps) => (
    <div>
      <button
        type="button"
        onClick={() => onChange({ lat: 52.52, lng: 13.405, address: `${label} place` })}
      >
        Pick {label}
      </button>
      {error && <p>{error}</p>}
    </div>
  ),
}))

describe('/post-item', () => {
  it('shows the validation errors of the contract and sends nothing', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    const { user } = renderApp('/post-item')
    await user.click(await screen.findByRole('button', { name: 'Post Item' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getAllByText('Choose a location')).toHaveLength(2)
    expect(screen.getByText('Delivery address is required')).toBeInTheDocument()
    expect(screen.getByLabelText(/delivery phone/i)).toHaveAttribute('type', 'tel')
    expect(screen.getByLabelText(/weight/i)).toHaveAttribute('step', '0.1')
  })

  it('posts the item and opens its detail page', async () => {
    storeSession('sender')
    let sent: Record<string, unknown> = {}
    server.use(
      userDataHandler('sender'),
      itemHandler(makeItem({ name: 'Desk lamp' })),
      http.post('/api/items', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>
        return HttpResponse.json(
          { success: true, message: 'Created', data: { item: makeItem() } },
          { status: 201 },
        )
      }),
    )
    const { user, router } = renderApp('/post-item')
    const main = await screen.findByRole('main')
    await user.type(await within(main).findByLabelText(/item name/i), 'Desk lamp')
    await user.selectOptions(within(main).getByLabelText(/category/i), 'electronics')
    await user.clear(within(main).getByLabelText(/quantity/i))
    await user.type(within(main).getByLabelText(/quantity/i), '2')
    await user.type(within(main).getByLabelText(/weight/i), '1.5')
    await user.type(within(main).getByLabelText(/length/i), '10')
    await user.type(within(main).getByLabelText(/width/i), '10')
    await user.type(within(main).getByLabelText(/height/i), '10')
    await user.click(within(main).getByRole('button', { name: 'Pick From location' }))
    await user.click(within(main).getByRole('button', { name: 'Pick To location' }))
    await user.type(within(main).getByLabelText(/delivery phone/i), '+49 30 1234')
    await user.type(within(main).getByLabelText(/delivery address/i), 'Marienplatz 1')
    await user.type(within(main).getByLabelText(/delivery deadline/i), '2099-06-01T12:00')
    await user.type(within(main).getByLabelText(/your price/i), '19.999')
    expect(within(main).getByLabelText(/your price/i)).toHaveValue('19.99')
    await user.click(within(main).getByRole('button', { name: 'Post Item' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/items/${ITEM_ID}`))
    expect(sent).toMatchObject({ name: 'Desk lamp', quantity: 2, weight: 1.5, sender_price: 19.99 })
    expect(String(sent.delivery_deadline)).toMatch(/^2099-06-01T12:00:00[+-]\d{2}:\d{2}$/)
  }, 30_000)
})
