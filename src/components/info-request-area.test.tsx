import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { messageOnly } from '@contract/envelope'
import type { InfoRequest, Item } from '@contract/items'
import { answer, failure } from '@/test/answers'
import { TestProviders } from '@/test/providers'
import { createQueryClient } from '@/lib/query-client'
import { server } from '@/test/msw-server'
import type { OutboxEntry } from '@/lib/db'
import type { OutboxView } from '@/lib/outbox/use-outbox'
import { InfoRequestArea } from './info-request-area'
import { Toaster } from './ui/toaster'

// The outbox lives in IndexedDB, which jsdom lacks: the tests say what it holds.
const outbox = vi.hoisted(() => ({ entries: [] as OutboxEntry[] }))
vi.mock('@/lib/outbox/use-outbox', () => ({
  useOutbox: (): OutboxView => ({
    entries: outbox.entries,
    pending: outbox.entries.length,
    failed: 0,
    retry: async () => {},
    discard: async () => {},
  }),
}))
beforeEach(() => {
  outbox.entries = []
})

const request: InfoRequest = {
  id: 'r1',
  description: 'Please send a photo of the item.',
  request_file_path: null,
  sender_response: null,
  deliverer_response: null,
  response_file_path: null,
  response_at: null,
  created_at: '2026-01-01T00:00:00Z',
}

function itemWith(patch: Partial<Item>): Item {
  return { id: '11111111-1111-4111-8111-111111111111', ...patch } as Item
}

function renderArea(item: Item, party: 'sender' | 'deliverer', approvalPending: boolean) {
  const view = render(
    <TestProviders queryClient={createQueryClient()}>
      <InfoRequestArea item={item} party={party} approvalPending={approvalPending} />
      <Toaster />
    </TestProviders>,
  )
  return { ...view, user: userEvent.setup() }
}

describe('InfoRequestArea', () => {
  it('shows nothing without a request for that party', () => {
    const { container } = renderArea(
      itemWith({ info_request_to_sender: null, info_request_to_deliverer: request }),
      'sender',
      true,
    )
    expect(container).toBeEmptyDOMElement()
  })

  it("shows 'Action required' and Respond while unanswered and approval is pending", () => {
    renderArea(itemWith({ info_request_to_sender: request }), 'sender', true)
    expect(screen.getByText('Please send a photo of the item.')).toBeInTheDocument()
    expect(screen.getByText('Action required')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Respond' })).toBeInTheDocument()
  })

  it("shows 'Information submitted' and 'Resubmit response' once answered", () => {
    const answered = {
      ...request,
      sender_response: 'Photo attached',
      response_at: '2026-01-02T00:00:00Z',
    }
    renderArea(itemWith({ info_request_to_sender: answered }), 'sender', true)
    expect(screen.getByText('Information submitted')).toBeInTheDocument()
    expect(screen.getByText('Photo attached')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resubmit response' })).toBeInTheDocument()
  })

  it('shows a reply waiting in the outbox as queued, with no second Respond', () => {
    const item = itemWith({ info_request_to_sender: request })
    outbox.entries = [
      {
        id: 1,
        userId: 'u-sender',
        createdAt: 0,
        kind: 'respond-further-info',
        method: 'POST',
        path: 'respond-further-info',
        idempotencyKey: 'k1',
        fields: { item_id: item.id, description: 'The photo is on its way', response_by: 'sender' },
        file: null,
        status: 'queued',
        error: null,
        attempts: 0,
        label: 'Reply to an information request',
      },
    ]
    renderArea(item, 'sender', true)
    expect(screen.getByText('Queued — will be sent when you are back online')).toBeInTheDocument()
    expect(screen.getByText('The photo is on its way')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Respond/ })).not.toBeInTheDocument()
  })

  it("hides Respond and reads 'Not needed anymore' once the approval is no longer pending", () => {
    renderArea(itemWith({ info_request_to_sender: request }), 'sender', false)
    expect(screen.queryByRole('button', { name: /respond/i })).toBeNull()
    expect(screen.getByText('Not needed anymore')).toBeInTheDocument()
    expect(screen.queryByText('Action required')).toBeNull()
  })

  it('sends the reply as multipart with an Idempotency-Key and toasts success', async () => {
    let form: FormData | null = null
    let key: string | null = null
    server.use(
      http.post('/api/respond-further-info', async ({ request: req }) => {
        key = req.headers.get('Idempotency-Key')
        form = await req.formData()
        return answer(messageOnly, { success: true, message: 'Information sent successfully!' })
      }),
    )
    const { user } = renderArea(itemWith({ info_request_to_sender: request }), 'sender', true)
    await user.click(screen.getByRole('button', { name: 'Respond' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText(/your response/i), 'Here it is')
    await user.click(within(dialog).getByRole('button', { name: 'Send response' }))
    expect(await screen.findByText('Information sent successfully!')).toBeInTheDocument()
    expect(key).toMatch(/^[0-9a-f-]{36}$/)
    expect(form!.get('description')).toBe('Here it is')
    expect(form!.get('response_by')).toBe('sender')
  })

  it("toasts 'Failed to send information.' when the server refuses", async () => {
    server.use(http.post('/api/respond-further-info', () => failure(500, 'No')))
    const { user } = renderArea(itemWith({ info_request_to_sender: request }), 'sender', true)
    await user.click(screen.getByRole('button', { name: 'Respond' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText(/your response/i), 'Here it is')
    await user.click(within(dialog).getByRole('button', { name: 'Send response' }))
    expect(await screen.findByText('Failed to send information.')).toBeInTheDocument()
  })

  it("checks a deliverer's file type and size before sending", async () => {
    const { user } = renderArea(itemWith({ info_request_to_deliverer: request }), 'deliverer', true)
    await user.click(screen.getByRole('button', { name: 'Respond' }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText(/attach a file/i)
    // fireEvent: user.upload would honour the accept attribute and drop the .txt file.
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    })
    expect(
      await within(dialog).findByText('Please upload a PDF, JPEG, or PNG file.'),
    ).toBeInTheDocument()
    const big = new File([new Uint8Array(2_097_153)], 'scan.pdf', { type: 'application/pdf' })
    fireEvent.change(input, { target: { files: [big] } })
    await waitFor(() =>
      expect(
        within(dialog).getByText('File size must be less than or equal to 2MB.'),
      ).toBeInTheDocument(),
    )
  })
})
