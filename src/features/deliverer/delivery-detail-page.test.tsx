import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { deliveriesAnswer } from '@contract/deliveries'
import { messageOnly } from '@contract/envelope'
import { delivererItemAnswer, type Item } from '@contract/items'
import { answer } from '@/test/answers'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession, testUsers } from '@/test/session'
import { makeItem, pdf } from '@/test/deliverer-fixtures'
import { CODE_LABEL } from './confirm-step-dialog'

configure({ asyncUtilTimeout: 4000 })

const id = '11111111-1111-4111-8111-111111111111'

/** An item the deliverer carries: their request is the accepted current one. */
const carried = (over: Partial<Item>) =>
  makeItem({ delivery_approval: 'approved', request_status: 'accepted', ...over })

function setup(item: Item) {
  storeSession('deliverer')
  const calls: { fields: Record<string, FormDataEntryValue>; key: string | null }[] = []
  server.use(
    userDataHandler('deliverer'),
    http.get(`/api/item/${id}`, () =>
      answer(delivererItemAnswer, { success: true, message: 'OK', data: item }),
    ),
    http.post('/api/update-delivery-status', async ({ request }) => {
      calls.push({
        fields: Object.fromEntries((await request.formData()).entries()),
        key: request.headers.get('Idempotency-Key'),
      })
      return answer(messageOnly, { success: true, message: 'Delivery status updated' })
    }),
  )
  return { ...renderApp(`/my-deliveries/${id}`), calls }
}

describe('/my-deliveries/$id', { timeout: 15_000 }, () => {
  it('shows the job: pickup, delivery address and phone, deadline and earnings', async () => {
    setup(
      carried({
        status: 'ready_to_pickup',
        from_location: { lat: 41.88, lng: -87.63, address: '1 Pickup Street, Chicago' },
        delivery_address: '9 Drop Road, Indianapolis',
        delivery_phone: '+1 317 555 0100',
        delivery_deadline: '2026-12-05T15:00:00.000Z',
        deliverer_price: 42.5,
      }),
    )
    const job = await screen.findByRole('region', { name: 'Your delivery' })
    expect(job).toHaveTextContent('Pickup address1 Pickup Street, Chicago')
    expect(job).toHaveTextContent('Delivery address9 Drop Road, Indianapolis')
    expect(screen.getByRole('link', { name: '+1 317 555 0100' })).toHaveAttribute(
      'href',
      'tel:+13175550100',
    )
    expect(job).toHaveTextContent('Deliver byDecember 5, 2026')
    expect(job).toHaveTextContent('You earn$42.50')
    const progress = screen.getByRole('region', { name: 'Progress' })
    expect(progress.querySelector('[aria-current="step"]')).toHaveTextContent('Paid')
  })

  it('shows what the deliverer earns while their request still waits', async () => {
    // The server answers a deliverer the price of their own request before it is the current one.
    setup(
      makeItem({
        status: 'pending',
        requested_by: [testUsers.deliverer.id],
        deliverer_id: null,
        request_status: null,
        deliverer_price: 29,
        delivery_address: null,
        delivery_phone: null,
      }),
    )
    const job = await screen.findByRole('region', { name: 'Your delivery' })
    expect(job).toHaveTextContent('You earn$29.00')
    expect(job).toHaveTextContent('Delivery addressShown once the sender has accepted your request')
  })

  it('asks before marking picked up and sends nothing on Cancel', async () => {
    const { user, calls } = setup(carried({ status: 'ready_to_pickup' }))
    await user.click(await screen.findByRole('button', { name: 'Confirm pickup' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pickup' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toHaveLength(0)
  })

  it('marks a ready item picked up', async () => {
    const { user, calls } = setup(carried({ status: 'ready_to_pickup' }))
    await user.click(await screen.findByRole('button', { name: 'Confirm pickup' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pickup' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }))
    // A handoff needs the sender's code: nothing is sent without one.
    expect(await within(dialog).findByText('Enter the handoff code')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
    await user.type(within(dialog).getByLabelText(CODE_LABEL), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.fields).toMatchObject({
      item_id: id,
      status: 'in_process',
      handoff_code: '123456',
    })
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(await screen.findByText('Delivery status updated')).toBeInTheDocument()
  })

  it('marks an item delivered with a proof of delivery', async () => {
    const { user, calls } = setup(carried({ status: 'in_process' }))
    const button = await screen.findByRole('button', { name: 'Confirm delivery' })
    expect(button).toBeDisabled()
    const upload = userEvent.setup({ applyAccept: false })
    const input = screen.getByLabelText('Proof of delivery (PDF, JPEG or PNG, max 2 MB)')
    await upload.upload(input, pdf('photo.gif', 10, 'image/gif'))
    expect(
      screen.getByText('Invalid file type. Please upload a PDF, JPEG, or PNG file.'),
    ).toBeInTheDocument()
    await upload.upload(input, pdf('receipt.png', 500, 'image/png'))
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }))
    expect(calls).toHaveLength(0)
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delivery' })
    await user.type(within(dialog).getByLabelText(CODE_LABEL), '654321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm delivery' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.fields).toMatchObject({
      item_id: id,
      status: 'delivered',
      handoff_code: '654321',
    })
    expect((calls[0]?.fields.proof_of_delivery as File).size).toBe(500)
  })

  it('keeps showing the item under the error when a refetch fails', async () => {
    const { queryClient } = setup(carried({ status: 'in_process', name: 'Laptop' }))
    expect(await screen.findByRole('heading', { name: 'Laptop' })).toBeInTheDocument()
    server.use(failWith('get', `item/${id}`, 503, 'Service unavailable'))
    await queryClient.refetchQueries()
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Laptop' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm delivery' })).toBeInTheDocument()
  })

  it('shows the server message when the update fails', async () => {
    const { user } = setup(carried({ status: 'ready_to_pickup' }))
    server.use(failWith('post', 'update-delivery-status', 409, 'Already picked up'))
    await user.click(await screen.findByRole('button', { name: 'Confirm pickup' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pickup' })
    await user.type(within(dialog).getByLabelText(CODE_LABEL), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }))
    expect(await within(dialog).findByText('Already picked up')).toBeInTheDocument()
  })
})

describe('/rejected-requests', { timeout: 15_000 }, () => {
  it("says 'No rejected requests' when there are none", async () => {
    storeSession('deliverer')
    server.use(
      userDataHandler('deliverer'),
      http.get('/api/rejected-requests', () =>
        answer(deliveriesAnswer, {
          success: true,
          message: 'OK',
          data: {
            items: [],
            pagination: { current_page: 1, per_page: 10, total: 0, last_page: 1 },
          },
        }),
      ),
    )
    renderApp('/rejected-requests')
    expect(await screen.findByText('No rejected requests')).toBeInTheDocument()
  })
})
