import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { adminItemDetailAnswer } from '@contract/admin'
import { messageOnly } from '@contract/envelope'
import { answer, failure } from '@/test/answers'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { DELIVERER_A, DELIVERER_B, ITEM_ID, itemDetail, itemRow } from '@/test/admin-fixtures'

const path = `/sending-approval/item/${ITEM_ID}`

/** The inline success message (the app shell has its own, empty, status region too). */
async function findStatus(text: string) {
  const message = await screen.findByText(text)
  return message.closest('[role="status"]')
}

function setup(detail = itemDetail()) {
  storeSession('admin')
  let loads = 0
  server.use(
    userDataHandler('admin'),
    http.get(`/api/admin/items/${ITEM_ID}`, () => {
      loads += 1
      return answer(adminItemDetailAnswer, { success: true, message: 'OK', data: detail })
    }),
    // The shared document viewer fetches the file it shows; jsdom cannot render it anyway.
    failWith('get', 'proof-of-travel/*', 404, 'File is gone'),
  )
  return { loads: () => loads }
}

// Typing into Chakra fields under jsdom is slow when the whole suite runs in parallel.
describe('Sending approval review page', { timeout: 20_000 }, () => {
  it('shows the item, its sender, its requests, the answered information request and history', async () => {
    setup()
    renderApp(path)
    expect(
      await screen.findByRole('heading', { name: 'Sending approval: Vintage camera', level: 1 }),
    ).toBeVisible()
    expect(screen.getByText('Sam Sender (sender@example.com)')).toBeInTheDocument()
    expect(screen.getByText('$40.00')).toBeInTheDocument()
    expect(screen.getByText('$35.50')).toBeInTheDocument()
    expect(screen.getByText('Fragile')).toBeInTheDocument()
    expect(screen.getByText('Information submitted')).toBeInTheDocument()
    expect(screen.getByText('Photo attached')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'View answer file' })).toBeInTheDocument()
    const history = screen.getByRole('region', { name: 'History' })
    expect(within(history).getByText('Item created')).toBeInTheDocument()
  })

  it('shows audit actions and reasons in words, never raw codes or ids', async () => {
    const paymentId = 'abb93ec0-1111-4222-8333-444455556666'
    const entry = (id: string, action: string, reason: string | null = null) => ({
      id,
      actor: { id: 'u-sender', name: 'Sam Sender' },
      action,
      reason,
      at: '2030-04-01T09:00:00Z',
    })
    setup(
      itemDetail({
        history: [
          entry('h1', 'item.sending_approved', 'Looks fine'),
          entry('h2', 'delivery_request.create'),
          entry('h3', 'request.accept', `payment ${paymentId}`),
          entry('h4', 'delivery.in_process'),
          entry('h5', 'payment.refund', `request_rejected: payment ${paymentId}, 4000 cents`),
          entry('h6', 'something.brand_new'),
        ],
      }),
    )
    renderApp(path)
    const history = await screen.findByRole('region', { name: 'History' })
    for (const label of [
      'Sending approved',
      'Request to deliver sent',
      'Sender accepted and paid',
      'Picked up',
      'Payment refunded',
      'Something brand new',
      'Reason: Looks fine',
      'Reason: Payment received',
      'Reason: $40.00 refunded: request rejected',
    ])
      expect(within(history).getByText(label)).toBeInTheDocument()
    const text = history.textContent ?? ''
    expect(text).not.toMatch(/\b[a-z_]+\.[a-z_]+\b/)
    expect(text).not.toMatch(/Delivery request\.create|Request\.accept|Delivery\.in process/)
    expect(text).not.toContain(paymentId)
  })

  it('approves sending with the reason and refetches the item', async () => {
    const { loads } = setup()
    let sent: unknown
    server.use(
      http.post('/api/admin/sending-approval', async ({ request }) => {
        sent = await request.json()
        return answer(messageOnly, { success: true, message: 'Sending approved' })
      }),
    )
    const { user } = renderApp(path)
    await user.click(await screen.findByRole('button', { name: 'Approve sending' }))
    const dialog = await screen.findByRole('dialog', { name: 'Approve sending' })
    // The fixture's information request is answered: nothing to warn about.
    expect(within(dialog).queryByRole('note', { name: 'Warning' })).toBeNull()
    await user.type(within(dialog).getByLabelText(/reason/i), ' Looks fine ')
    const before = loads()
    await user.click(within(dialog).getByRole('button', { name: 'Approve sending' }))

    expect(await findStatus('Sending approved')).toBeInTheDocument()
    expect(sent).toEqual({ item_id: ITEM_ID, decision: 'approved', reason: 'Looks fine' })
    await waitFor(() => expect(loads()).toBeGreaterThan(before))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('warns before approving while the sender has not answered an information request', async () => {
    const detail = itemDetail()
    const open = {
      ...detail.info_requests[0]!,
      response: null,
      response_file_path: null,
      response_at: null,
    }
    setup({ ...detail, info_requests: [open] })
    let sent: unknown
    server.use(
      http.post('/api/admin/sending-approval', async ({ request }) => {
        sent = await request.json()
        return answer(messageOnly, { success: true, message: 'Sending approved' })
      }),
    )
    const { user } = renderApp(path)
    await user.click(await screen.findByRole('button', { name: 'Approve sending' }))
    const dialog = await screen.findByRole('dialog', { name: 'Approve sending' })
    expect(within(dialog).getByRole('note', { name: 'Warning' })).toHaveTextContent(
      'Sam Sender has not answered your information request yet (“Please send a photo of the camera”). If you approve now, the sender sees it as not needed anymore.',
    )
    expect(sent).toBeUndefined()
    await user.click(within(dialog).getByRole('button', { name: 'Approve anyway' }))
    expect(await findStatus('Sending approved')).toBeInTheDocument()
    expect(sent).toEqual({ item_id: ITEM_ID, decision: 'approved' })
  })

  it('does not warn when rejecting while a request is open', async () => {
    const detail = itemDetail()
    setup({
      ...detail,
      info_requests: [{ ...detail.info_requests[0]!, response: null, response_at: null }],
    })
    const { user } = renderApp(path)
    await user.click(await screen.findByRole('button', { name: 'Reject sending' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject sending' })
    expect(within(dialog).queryByRole('note', { name: 'Warning' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("shows the server's 409 message when a delivery approval is refused", async () => {
    setup()
    let sent: unknown
    server.use(
      http.post('/api/admin/delivery-approval', async ({ request }) => {
        sent = await request.json()
        return failure(409, 'Another request is already accepted')
      }),
    )
    const { user } = renderApp(path)
    await user.click(
      await screen.findByRole('button', { name: 'Approve delivery by Tom Traveller' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Approve delivery' })
    await user.click(within(dialog).getByRole('button', { name: 'Approve delivery' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another request is already accepted',
    )
    expect(sent).toEqual({ item_id: ITEM_ID, deliverer_id: DELIVERER_B, decision: 'approved' })
  })

  it("offers 'View proof of travel' for each request", async () => {
    setup()
    const { user } = renderApp(path)
    const view = await screen.findByRole('button', {
      name: 'View proof of travel of Dana Deliverer',
    })
    expect(view).toHaveTextContent('View proof of travel')
    await user.click(view)
    // The shared viewer (src/components/document-viewer.tsx) opens on the deliverer's file.
    expect(
      await screen.findByRole('dialog', { name: 'Proof of travel: Dana Deliverer' }),
    ).toBeInTheDocument()
  })

  it('asks a deliverer for information as multipart with `to` and the deliverer', async () => {
    setup()
    let fields: Record<string, FormDataEntryValue> = {}
    server.use(
      http.post('/api/admin/request-further-info', async ({ request }) => {
        fields = Object.fromEntries(await request.formData())
        return answer(messageOnly, { success: true, message: 'Information request sent' })
      }),
    )
    const { user } = renderApp(path)
    await user.click(await screen.findByRole('button', { name: 'Ask for information' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask for information' })
    const recipient = within(dialog).getByLabelText('Recipient')
    expect(
      within(recipient)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sender: Sam Sender', 'Deliverer: Dana Deliverer', 'Deliverer: Tom Traveller'])

    // The description is required.
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }))
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument()

    await user.selectOptions(recipient, `deliverer:${DELIVERER_A}`)
    await user.type(within(dialog).getByLabelText(/description/i), 'Please upload a clearer ticket')
    const file = new File(['%PDF-1.4'], 'question.pdf', { type: 'application/pdf' })
    await user.upload(within(dialog).getByLabelText(/attachment/i), file)
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }))

    expect(await findStatus('Information request sent')).toBeInTheDocument()
    expect(fields.item_id).toBe(ITEM_ID)
    expect(fields.to).toBe('deliverer')
    expect(fields.deliverer_id).toBe(DELIVERER_A)
    expect(fields.description).toBe('Please upload a clearer ticket')
    // jsdom's File crosses into Node's fetch as a plain Blob (the name is lost only in tests).
    expect(await (fields.file as Blob).text()).toBe('%PDF-1.4')
  })

  it("offers only the current request's deliverer once there is one", async () => {
    setup(
      itemDetail({
        item: itemRow({ deliverer: { id: DELIVERER_A, name: 'Dana Deliverer' } }),
        info_requests: [],
      }),
    )
    const { user } = renderApp(path)
    expect(await screen.findByText('No information requested yet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ask for information' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask for information' })
    const options = within(within(dialog).getByLabelText('Recipient')).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      'Sender: Sam Sender',
      'Deliverer: Dana Deliverer',
    ])
  })

  it("shows 'Awaiting response' for an unanswered request", async () => {
    setup(
      itemDetail({
        info_requests: [
          {
            id: 'i2',
            to: 'deliverer',
            target: { id: DELIVERER_A, name: 'Dana Deliverer' },
            description: 'Which flight?',
            request_file_path: null,
            response: null,
            response_file_path: null,
            response_at: null,
            created_at: '2030-04-02T08:00:00Z',
          },
        ],
      }),
    )
    renderApp(path)
    expect(await screen.findByText('Awaiting response')).toBeInTheDocument()
    expect(screen.queryByText('Information submitted')).toBeNull()
  })
})
