import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { messageOnly } from '@contract/envelope'
import { itemPhotoAnswer } from '@contract/item-photos'
import { createPaymentIntentAnswer, testConfirmAnswer } from '@contract/payments'
import { paymentStatusAnswer } from '@contract/sender-extra'
import { answer } from '@/test/answers'
import { failWith } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem } from '@/test/items'
import {
  DELIVERER_ID,
  deliverersHandler,
  ITEM_ID,
  senderBase,
  withPendingRequest,
} from '@/test/sender-fixtures'

const path = `/items/${ITEM_ID}`

function paymentHandlers(
  log: string[],
  confirmStatus: 'succeeded' | 'requires_payment_method' = 'succeeded',
) {
  return [
    http.post('/api/create-payment-intent', async ({ request }) => {
      log.push(`intent ${JSON.stringify(await request.json())}`)
      return answer(createPaymentIntentAnswer, {
        success: true,
        message: 'OK',
        data: { client_secret: 'pi_test_secret', provider: 'test', amount: 30, currency: 'usd' },
      })
    }),
    http.post('/api/test-payments/confirm', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      log.push(
        `confirm ${String(body.card_number)} ${String(body.exp_month)}/${String(body.exp_year)}`,
      )
      return answer(testConfirmAnswer, {
        success: true,
        message: 'OK',
        data:
          confirmStatus === 'succeeded'
            ? { status: 'succeeded', error: null }
            : { status: 'requires_payment_method', error: 'Your card was declined.' },
      })
    }),
    http.post('/api/update-request-status', async ({ request }) => {
      log.push(`request-status ${JSON.stringify(await request.json())}`)
      return answer(messageOnly, { success: true, message: 'Request accepted' })
    }),
    http.post('/api/update-payment-status', async ({ request }) => {
      log.push(`payment-status ${JSON.stringify(await request.json())}`)
      // Not the intent's 30: the success message must show what the server says was charged.
      return answer(paymentStatusAnswer, {
        success: true,
        message: 'Payment status updated',
        data: { status: 'succeeded', amount: 31.25, currency: 'usd', receipt_id: 'pay-1' },
      })
    }),
  ]
}

async function payWith(user: ReturnType<typeof renderApp>['user'], card: string) {
  await user.click(await screen.findByRole('button', { name: 'Accept and pay $30.00' }))
  const dialog = await screen.findByRole('dialog', { name: 'Enter payment details' })
  expect(await within(dialog).findByText('Test mode')).toBeInTheDocument()
  await user.type(within(dialog).getByLabelText(/card number/i), card)
  await user.type(within(dialog).getByLabelText(/expiry/i), '1230')
  await user.type(within(dialog).getByLabelText(/cvc/i), '123')
  expect(within(dialog).getByLabelText(/card number/i)).toHaveAttribute('autocomplete', 'cc-number')
  await user.click(within(dialog).getByRole('button', { name: 'Pay $30.00' }))
  return dialog
}

// Whole-app renders are slow when the suite runs in parallel.
describe('/items/$id (Item details)', { timeout: 15_000 }, () => {
  it('shows the sections and hides the request until both approvals are given', async () => {
    storeSession('sender')
    const item = makeItem({
      ...withPendingRequest,
      sending_approval: 'pending',
      status: 'in_process',
    })
    server.use(...senderBase(item))
    renderApp(path)
    expect(await screen.findByRole('heading', { name: 'Desk lamp' })).toBeInTheDocument()
    expect(screen.getByText('On its way', { selector: 'span' })).toBeInTheDocument()
    expect(screen.getByText('30 x 20 x 45 cm')).toBeInTheDocument()
    expect(screen.getByText('No delivery request yet')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull()
    expect(screen.queryByText('Dana Deliverer')).toBeNull()
  })

  it("says 'Failed to load item details' when the item cannot be loaded", async () => {
    storeSession('sender')
    server.use(...senderBase(), failWith('get', 'items/:id', 404, 'Item not found'))
    renderApp(path)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load item details')
  })

  it('pays with a test card, then finalises the request, then the payment, and stays on the item with its next step', async () => {
    storeSession('sender')
    const log: string[] = []
    server.use(...senderBase(makeItem(withPendingRequest)), ...paymentHandlers(log))
    const { user, router } = renderApp(path)
    expect(await screen.findByText('Dana Deliverer')).toBeInTheDocument()
    await payWith(user, '4242424242424242')
    await waitFor(() => expect(router.state.location.pathname).toBe(path))
    const notice = (await screen.findByText('Payment successful')).closest<HTMLElement>(
      '[role="status"]',
    )!
    expect(notice).toHaveTextContent(
      'Payment successful$31.25 was charged to your card for Desk lamp.',
    )
    const receipt = within(notice).getByRole('link', { name: 'View receipt' })
    expect(receipt).toHaveAttribute('href', '/payment-method#receipt-pay-1')
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByText('Payment successful')).toBeNull())
    expect(log).toEqual([
      `intent ${JSON.stringify({ item_id: ITEM_ID, deliverer_id: DELIVERER_ID, status: 'accepted' })}`,
      'confirm 4242 4242 4242 4242 12/2030',
      `request-status ${JSON.stringify({ item_id: ITEM_ID, deliverer_id: DELIVERER_ID, status: 'accepted' })}`,
      `payment-status ${JSON.stringify({ item_id: ITEM_ID })}`,
    ])
  }, 20_000)

  it('shows the decline and leaves the request pending', async () => {
    storeSession('sender')
    const log: string[] = []
    server.use(
      ...senderBase(makeItem(withPendingRequest)),
      ...paymentHandlers(log, 'requires_payment_method'),
    )
    const { user, router } = renderApp(path)
    const dialog = await payWith(user, '4000000000000002')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.')
    expect(log.some((l) => l.startsWith('request-status'))).toBe(false)
    expect(router.state.location.pathname).toBe(path)
  }, 20_000)

  it('shows the request-status failure message after a good payment', async () => {
    storeSession('sender')
    const log: string[] = []
    server.use(
      // First match wins: the failure goes before the happy-path handlers.
      failWith('post', 'update-request-status', 409, 'This request was already answered'),
      ...senderBase(makeItem(withPendingRequest)),
      ...paymentHandlers(log),
    )
    const { user } = renderApp(path)
    const dialog = await payWith(user, '4242424242424242')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This request was already answered',
    )
  }, 20_000)

  it('asks before rejecting, sends the optional reason, then goes to /items', async () => {
    storeSession('sender')
    const sent: unknown[] = []
    server.use(
      ...senderBase(makeItem(withPendingRequest)),
      http.post('/api/update-request-status', async ({ request }) => {
        sent.push(await request.json())
        return answer(messageOnly, { success: true, message: 'Rejected' })
      }),
    )
    const { user, router } = renderApp(path)
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Decline this offer?' })
    // Backing out sends nothing and keeps the request.
    await user.click(within(dialog).getByRole('button', { name: 'Keep the offer' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(sent).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Decline' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Decline this offer?' })
    const reason = within(dialog).getByLabelText('Reason (optional)')
    expect(reason).toHaveAttribute('maxlength', '500')
    await user.type(reason, ' Plans changed, sorry. ')
    expect(within(dialog).getByText(/Dana Deliverer will see this\./)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/items'))
    expect(sent).toEqual([
      {
        item_id: ITEM_ID,
        deliverer_id: DELIVERER_ID,
        status: 'rejected',
        reason: 'Plans changed, sorry.',
      },
    ])
  })

  it('shows the server refusal of a reject inside its dialog and stays', async () => {
    storeSession('sender')
    server.use(
      failWith('post', 'update-request-status', 409, 'This request has already been answered'),
      ...senderBase(makeItem(withPendingRequest)),
    )
    const { user, router } = renderApp(path)
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this offer?' })
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This request has already been answered',
    )
    expect(router.state.location.pathname).toBe(path)
  })

  it('takes deliverer names from GET /api/get-all-deliverers', async () => {
    storeSession('sender')
    server.use(
      deliverersHandler([{ id: DELIVERER_ID, name: 'Dana D. (from the list)' }]),
      ...senderBase(makeItem(withPendingRequest)),
    )
    renderApp(path)
    expect(await screen.findByText('Dana D. (from the list)')).toBeInTheDocument()
  })

  it("says 'Failed to load deliverer information' when the deliverer names cannot load", async () => {
    storeSession('sender')
    server.use(
      failWith('get', 'get-all-deliverers', 500, 'Internal Server Error'),
      ...senderBase(makeItem(withPendingRequest)),
    )
    renderApp(path)
    const section = await screen.findByRole('region', { name: 'Delivery request' })
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Failed to load deliverer information',
    )
  })

  it('shows the agreed price once the request is accepted', async () => {
    storeSession('sender')
    server.use(
      ...senderBase(
        makeItem({
          ...withPendingRequest,
          request_status: 'accepted',
          status: 'ready_to_pickup',
          deliverer_price: 42.5,
          agreed_price: 42.5,
        }),
      ),
    )
    renderApp(path)
    expect(await screen.findByLabelText('Agreed price $42.50')).toBeInTheDocument()
    const progress = screen.getByRole('region', { name: 'Progress' })
    expect(within(progress).getByRole('listitem', { current: 'step' })).toHaveTextContent('Paid')
    expect(screen.queryByLabelText(/Sender price/)).toBeNull()
  })

  it('offers Edit item only while sending approval is pending', async () => {
    storeSession('sender')
    server.use(...senderBase(makeItem({ sending_approval: 'approved' })))
    renderApp(path)
    await screen.findByRole('heading', { name: 'Desk lamp' })
    expect(screen.queryByRole('button', { name: 'Edit item' })).toBeNull()
  })

  it("saves the edit and shows 'Item updated successfully'", async () => {
    storeSession('sender')
    let sent: Record<string, unknown> = {}
    server.use(
      ...senderBase(
        makeItem({
          sending_approval: 'pending',
          pickup: { address: 'Gate 4', instructions: '', phone: '', sender_name: 'Sam Sender' },
          recipient_email: 'rita@example.com',
        }),
      ),
      http.post('/api/update-item', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>
        return answer(messageOnly, { success: true, message: 'Item updated' })
      }),
    )
    const { user } = renderApp(path)
    await user.click(await screen.findByRole('button', { name: 'Edit item' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' })
    const name = within(dialog).getByLabelText(/item name/i)
    await user.clear(name)
    await user.type(name, 'Floor lamp')
    expect(within(dialog).getByLabelText('Pickup address')).toHaveValue('Gate 4')
    await user.type(within(dialog).getByLabelText('Pickup instructions'), 'Ring twice')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Item updated successfully')).toBeInTheDocument()
    expect(sent).toMatchObject({
      item_id: ITEM_ID,
      name: 'Floor lamp',
      quantity: 1,
      sender_price: 25,
      pickup_address: 'Gate 4',
      pickup_instructions: 'Ring twice',
      recipient_email: 'rita@example.com',
    })
    expect(sent.delivery_deadline).toBe('2099-06-01T12:00:00+02:00')
  }, 20_000)

  it('removes a photo after confirming, and adds photos after posting', async () => {
    storeSession('sender')
    const calls: string[] = []
    const photo = { id: '22222222-2222-4222-8222-222222222222', width: 1600, height: 1200 }
    server.use(
      ...senderBase(makeItem({ photos: [photo] })),
      http.get('/api/item-photos/:id/:size', () => new HttpResponse(new Blob(['x']))),
      http.delete('/api/items/:id/photos/:photoId', ({ params }) => {
        calls.push(`delete ${String(params.photoId)}`)
        return answer(messageOnly, { success: true, message: 'Photo removed' })
      }),
      http.post('/api/items/:id/photos', async ({ request }) => {
        const file = (await request.formData()).get('photo') as File
        // jsdom's FormData drops the file name on the way; the size tells which file came.
        calls.push(`add ${file.size} bytes`)
        return answer(itemPhotoAnswer, {
          success: true,
          message: 'Photo added',
          data: { photo, photos: [photo] },
        })
      }),
    )
    const { user } = renderApp(path)
    await user.click(await screen.findByRole('button', { name: 'Remove photo 1' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this photo?' })
    await user.click(within(confirm).getByRole('button', { name: 'Keep photo' }))
    expect(calls).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove photo' }),
    )
    await waitFor(() => expect(calls).toEqual([`delete ${photo.id}`]))

    expect(screen.getByText('1 of 5 photos')).toBeInTheDocument()
    const png = new File([new Uint8Array(100)], 'parcel.png', { type: 'image/png' })
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })
    // As a phone's file picker may: the accept attribute is only a hint.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Choose photos to add'), [svg, png])
    expect(
      await screen.findByText('logo.svg: Photos must be JPEG, PNG or WebP images.'),
    ).toBeVisible()
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]).toBe('add 100 bytes')
  })

  it('offers no photo changes on a delivered item', async () => {
    storeSession('sender')
    const photo = { id: '22222222-2222-4222-8222-222222222222', width: 1600, height: 1200 }
    server.use(
      ...senderBase(makeItem({ status: 'delivered', photos: [photo] })),
      http.get('/api/item-photos/:id/:size', () => new HttpResponse(new Blob(['x']))),
    )
    renderApp(path)
    expect(await screen.findByRole('button', { name: /^Open Photo 1 of 1/ })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Remove photo 1' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument()
  })
})
