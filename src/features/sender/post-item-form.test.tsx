import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { itemPhotoAnswer } from '@contract/item-photos'
import { DEADLINE_NOT_REAL, itemAnswer } from '@contract/items'
import { answer, failure } from '@/test/answers'
import type { PlaceSearchProps } from '@/components/place-search'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession, testUsers } from '@/test/session'
import { makeItem } from '@/test/items'
import { ITEM_ID, itemHandler } from '@/test/sender-fixtures'

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

// jsdom has no object URLs; the previews only need a string.
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview')
  URL.revokeObjectURL = vi.fn()
})

const jpeg = (name: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })

async function fillValidItem(main: HTMLElement, user: ReturnType<typeof renderApp>['user']) {
  await user.type(await within(main).findByLabelText(/item name/i), 'Desk lamp')
  await user.selectOptions(within(main).getByLabelText(/category/i), 'electronics')
  await user.type(within(main).getByLabelText(/weight/i), '1.5')
  await user.type(within(main).getByLabelText(/length/i), '10')
  await user.type(within(main).getByLabelText(/width/i), '10')
  await user.type(within(main).getByLabelText(/height/i), '10')
  await user.click(within(main).getByRole('button', { name: 'Pick From location' }))
  await user.click(within(main).getByRole('button', { name: 'Pick To location' }))
  await user.type(within(main).getByLabelText(/delivery phone/i), '+49 30 1234')
  await user.type(within(main).getByLabelText(/delivery address/i), 'Marienplatz 1')
  await user.type(within(main).getByLabelText(/delivery deadline/i), '2099-06-01T12:00')
  await user.type(within(main).getByLabelText(/your price/i), '20')
}

const draftKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('tote.draft.'))

describe('/post-item', () => {
  it('shows the validation errors of the contract and sends nothing', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    const { user } = renderApp('/post-item')
    await user.click(await screen.findByRole('button', { name: 'Post item' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getAllByText('Choose a location')).toHaveLength(2)
    expect(screen.getByText('Delivery address is required')).toBeInTheDocument()
    // Empty fields are asked for in words, not as the contract's type errors.
    expect(screen.getByText('Choose a category')).toBeInTheDocument()
    expect(screen.getByText('Enter the weight in kg')).toBeInTheDocument()
    expect(screen.getByText('Enter the length in cm')).toBeInTheDocument()
    expect(screen.queryByText(/must be a number|must be one of/i)).not.toBeInTheDocument()
    // The first field in error has the focus, wherever the button was.
    await waitFor(() => expect(screen.getByLabelText(/item name/i)).toHaveFocus())
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
        return answer(
          itemAnswer,
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
    await user.click(within(main).getByRole('button', { name: 'Post item' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/items/${ITEM_ID}`))
    expect(sent).toMatchObject({ name: 'Desk lamp', quantity: 2, weight: 1.5, sender_price: 19.99 })
    expect(String(sent.delivery_deadline)).toMatch(/^2099-06-01T12:00:00[+-]\d{2}:\d{2}$/)
  }, 30_000)

  it('sends the optional pickup details and the recipient e-mail, checked as the contract says', async () => {
    storeSession('sender')
    let sent: Record<string, unknown> = {}
    server.use(
      userDataHandler('sender'),
      itemHandler(makeItem({ name: 'Desk lamp' })),
      http.post('/api/items', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>
        return answer(
          itemAnswer,
          { success: true, message: 'Created', data: { item: makeItem() } },
          { status: 201 },
        )
      }),
    )
    const { user, router } = renderApp('/post-item')
    const main = await screen.findByRole('main')
    await fillValidItem(main, user)
    const email = within(main).getByLabelText('Recipient e-mail')
    expect(email).toHaveAccessibleDescription(/gets a link to their delivery code/)
    await user.type(within(main).getByLabelText('Pickup phone'), 'call me')
    await user.type(email, 'rita@')
    await user.click(within(main).getByRole('button', { name: 'Post item' }))
    expect(
      await within(main).findByText('Phone may contain only digits, spaces and + ( ) . -'),
    ).toBeInTheDocument()
    expect(within(main).getByText('Enter a valid email address')).toBeInTheDocument()
    expect(sent).toEqual({})

    await user.clear(within(main).getByLabelText('Pickup phone'))
    await user.type(within(main).getByLabelText('Pickup phone'), '+1 555 0100')
    await user.type(email, 'example.com')
    await user.type(within(main).getByLabelText('Pickup address'), 'Front desk, 1 Main St')
    await user.type(within(main).getByLabelText('Pickup instructions'), 'Weekdays 9-17')
    await user.click(within(main).getByRole('button', { name: 'Post item' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/items/${ITEM_ID}`))
    expect(sent).toMatchObject({
      pickup_address: 'Front desk, 1 Main St',
      pickup_instructions: 'Weekdays 9-17',
      pickup_phone: '+1 555 0100',
      recipient_email: 'rita@example.com',
    })
  }, 30_000)

  it('keeps the draft across a reload', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    const first = renderApp('/post-item')
    const main = await screen.findByRole('main')
    await first.user.type(await within(main).findByLabelText(/item name/i), 'Old bicycle')
    await first.user.type(within(main).getByLabelText(/delivery address/i), 'Hauptstr. 5')
    await first.user.type(within(main).getByLabelText('Pickup address'), 'Gate 4')
    await first.user.type(within(main).getByLabelText('Recipient e-mail'), 'rita@example.com')
    await first.user.click(within(main).getByRole('button', { name: 'Pick To location' }))
    first.unmount()

    const again = renderApp('/post-item')
    const main2 = await screen.findByRole('main')
    expect(await within(main2).findByLabelText(/item name/i)).toHaveValue('Old bicycle')
    expect(within(main2).getByLabelText(/delivery address/i)).toHaveValue('Hauptstr. 5')
    expect(within(main2).getByLabelText('Pickup address')).toHaveValue('Gate 4')
    expect(within(main2).getByLabelText('Recipient e-mail')).toHaveValue('rita@example.com')
    // The picked place came back too: only From is still missing.
    await again.user.click(within(main2).getByRole('button', { name: 'Post item' }))
    expect(await within(main2).findAllByText('Choose a location')).toHaveLength(1)
  })

  it('refuses a deadline on a day the calendar lacks in the contract’s words, sending nothing', async () => {
    storeSession('sender')
    let posted = false
    server.use(
      userDataHandler('sender'),
      http.post('/api/items', () => {
        posted = true
        return failure(500, 'Should not be sent')
      }),
    )
    const first = renderApp('/post-item')
    await fillValidItem(await screen.findByRole('main'), first.user)
    first.unmount()
    // A browser without a date-time picker takes any text, and the draft keeps it as typed.
    const key = `tote.draft.${testUsers.sender.id}.post-item`
    const draft = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>
    localStorage.setItem(key, JSON.stringify({ ...draft, delivery_deadline: '2099-02-30T12:00' }))

    const again = renderApp('/post-item')
    const main = await screen.findByRole('main')
    await again.user.click(await within(main).findByRole('button', { name: 'Post item' }))
    expect(await within(main).findByText(DEADLINE_NOT_REAL)).toBeInTheDocument()
    expect(posted).toBe(false)
  })

  it('clears each field error as soon as that field is fixed', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    const { user } = renderApp('/post-item')
    const main = await screen.findByRole('main')
    await user.click(await within(main).findByRole('button', { name: 'Post item' }))
    expect(await within(main).findByText('Name is required')).toBeInTheDocument()
    expect(within(main).getByText('Delivery address is required')).toBeInTheDocument()

    await user.type(within(main).getByLabelText(/item name/i), 'L')
    expect(within(main).queryByText('Name is required')).not.toBeInTheDocument()
    // The others stay until they are fixed.
    expect(within(main).getByText('Delivery address is required')).toBeInTheDocument()
    expect(within(main).getAllByText('Choose a location')).toHaveLength(2)
    await user.click(within(main).getByRole('button', { name: 'Pick From location' }))
    expect(within(main).getAllByText('Choose a location')).toHaveLength(1)
  })

  it('takes at most 5 photos, refuses other types, and lets one be removed', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    const { user } = renderApp('/post-item')
    const main = await screen.findByRole('main')
    const input = await within(main).findByLabelText('Choose photos')
    await user.upload(
      input,
      [1, 2, 3, 4, 5, 6].map((i) => jpeg(`p${i}.jpg`)),
    )
    expect(within(main).getByText('An item can have at most 5 photos.')).toBeInTheDocument()
    expect(within(main).getAllByRole('img', { name: /^Photo \d: p\d\.jpg$/ })).toHaveLength(5)
    expect(within(main).getByRole('button', { name: 'Add photos' })).toBeDisabled()

    await user.click(within(main).getByRole('button', { name: 'Remove photo 2 (p2.jpg)' }))
    expect(within(main).getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(4)
    expect(within(main).queryByRole('img', { name: /p2\.jpg/ })).not.toBeInTheDocument()

    // The picker's type filter can be switched off ("All files"): the form still refuses.
    const anyFile = userEvent.setup({ applyAccept: false })
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })
    await anyFile.upload(input, svg)
    expect(
      within(main).getByText('logo.svg: Photos must be JPEG, PNG or WebP images.'),
    ).toBeInTheDocument()
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    await anyFile.upload(input, big)
    expect(
      within(main).getByText('big.jpg: Each photo must be 20 MB or smaller.'),
    ).toBeInTheDocument()
    expect(within(main).getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(4)
    // A WebP is a photo too (a phone's 10 MB JPEG as well).
    const webp = new File([new Uint8Array(100)], 'shelf.webp', { type: 'image/webp' })
    const phone = new File([new Uint8Array(10 * 1024 * 1024)], 'IMG_0001.jpg', {
      type: 'image/jpeg',
    })
    await user.upload(input, [webp, phone])
    expect(within(main).getByRole('img', { name: 'Photo 5: shelf.webp' })).toBeInTheDocument()
    await user.click(within(main).getByRole('button', { name: 'Remove photo 5 (shelf.webp)' }))
    await user.upload(input, phone)
    expect(within(main).getByRole('img', { name: 'Photo 5: IMG_0001.jpg' })).toBeInTheDocument()
  })

  it('uploads the photos after posting and names a refused one', async () => {
    storeSession('sender')
    const uploaded: number[] = []
    server.use(
      userDataHandler('sender'),
      itemHandler(makeItem()),
      http.post('/api/items', () =>
        answer(
          itemAnswer,
          { success: true, message: 'Created', data: { item: makeItem() } },
          { status: 201 },
        ),
      ),
      http.post(`/api/items/${ITEM_ID}/photos`, async ({ request }) => {
        // jsdom's File loses its name on the way through fetch: the refused one is told by its size.
        const photo = (await request.formData()).get('photo') as File
        if (photo.size === 7) return failure(415, 'Photos must be JPEG, PNG or WebP images.')
        uploaded.push(photo.size)
        return answer(
          itemPhotoAnswer,
          {
            success: true,
            message: 'Photo added',
            data: {
              photo: { id: 'photo-1', width: 1600, height: 1200 },
              photos: [{ id: 'photo-1', width: 1600, height: 1200 }],
            },
          },
          { status: 201 },
        )
      }),
    )
    const { user } = renderApp('/post-item')
    const main = await screen.findByRole('main')
    await fillValidItem(main, user)
    await user.upload(within(main).getByLabelText('Choose photos'), [
      jpeg('front.jpg', 10),
      jpeg('bad.jpg', 7),
      jpeg('side.jpg', 12),
    ])
    expect(draftKeys()).toHaveLength(1)
    await user.click(within(main).getByRole('button', { name: 'Post item' }))
    expect(
      await screen.findByText(/Your item was posted, but a photo could not be added/),
    ).toBeInTheDocument()
    expect(screen.getByText('Photos must be JPEG, PNG or WebP images.')).toBeInTheDocument()
    expect(uploaded).toEqual([10, 12])
    expect(screen.getByText('bad.jpg:')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View your item' })).toHaveAttribute(
      'href',
      `/items/${ITEM_ID}`,
    )
    expect(draftKeys()).toHaveLength(0)
  }, 30_000)
})
