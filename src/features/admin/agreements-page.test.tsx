import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { messageOnly } from '@contract/envelope'
import { userConsentAnswer, type Term } from '@contract/terms'
import { answer, failure } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'

const terms: Term[] = [
  { id: 't1', title: 'Carry only legal goods', description: 'You check it.', role: 'deliverer' },
  { id: 't2', title: 'Describe items honestly', description: 'No surprises.', role: 'sender' },
]

function setup() {
  storeSession('admin')
  const calls: { method: string; path: string; body?: unknown }[] = []
  const record = async (request: Request) => {
    const path = new URL(request.url).pathname
    const body = request.method === 'DELETE' ? undefined : await request.json()
    calls.push({ method: request.method, path, body })
    return answer(messageOnly, { success: true, message: `${request.method} done` })
  }
  server.use(
    userDataHandler('admin'),
    http.get('/api/admin/terms', () =>
      answer(userConsentAnswer, { success: true, message: 'OK', data: terms }),
    ),
    http.post('/api/admin/terms', ({ request }) => record(request)),
    http.put('/api/admin/terms/:id', ({ request }) => record(request)),
    http.delete('/api/admin/terms/:id', ({ request }) => record(request)),
  )
  return { calls }
}

// Typing into Chakra fields under jsdom is slow when the whole suite runs in parallel.
describe('Agreements', { timeout: 20_000 }, () => {
  it('groups the terms by role', async () => {
    setup()
    renderApp('/agreements')
    const deliverer = await screen.findByRole('region', { name: 'Deliverer terms' })
    expect(within(deliverer).getByText('Carry only legal goods')).toBeInTheDocument()
    const sender = screen.getByRole('region', { name: 'Sender terms' })
    expect(within(sender).getByText('Describe items honestly')).toBeInTheDocument()
  })

  it('adds an agreement, showing the field errors of termBody first', async () => {
    const { calls } = setup()
    const { user } = renderApp('/agreements')
    await user.click(await screen.findByRole('button', { name: 'Add agreement' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add agreement' })
    await user.click(within(dialog).getByRole('button', { name: 'Add agreement' }))
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument()
    expect(calls).toEqual([])

    await user.type(within(dialog).getByLabelText(/^title/i), 'Pay on time')
    await user.type(within(dialog).getByLabelText(/^description/i), 'Senders pay when accepting.')
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'sender')
    await user.click(within(dialog).getByRole('button', { name: 'Add agreement' }))
    expect(await screen.findByText('POST done')).toBeInTheDocument()
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/admin/terms',
        body: { title: 'Pay on time', description: 'Senders pay when accepting.', role: 'sender' },
      },
    ])
  })

  it('shows field errors the server sends back', async () => {
    setup()
    server.use(
      http.put('/api/admin/terms/:id', () =>
        failure(400, 'Invalid input', { title: ['Title is taken'] }),
      ),
    )
    const { user } = renderApp('/agreements')
    await user.click(await screen.findByRole('button', { name: 'Edit Carry only legal goods' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit agreement' })
    await user.click(within(dialog).getByRole('button', { name: 'Save agreement' }))
    expect(await within(dialog).findByText('Title is taken')).toBeInTheDocument()
  })

  it('edits an agreement with PUT', async () => {
    const { calls } = setup()
    const { user } = renderApp('/agreements')
    await user.click(await screen.findByRole('button', { name: 'Edit Carry only legal goods' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit agreement' })
    const title = within(dialog).getByLabelText(/^title/i)
    expect(title).toHaveValue('Carry only legal goods')
    await user.clear(title)
    await user.type(title, 'Carry legal goods only')
    await user.click(within(dialog).getByRole('button', { name: 'Save agreement' }))
    expect(await screen.findByText('PUT done')).toBeInTheDocument()
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/api/admin/terms/t1',
      body: { title: 'Carry legal goods only', description: 'You check it.', role: 'deliverer' },
    })
  })

  it('deletes an agreement after confirming', async () => {
    const { calls } = setup()
    const { user } = renderApp('/agreements')
    await user.click(await screen.findByRole('button', { name: 'Delete Describe items honestly' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete agreement?' })
    expect(calls).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Delete agreement' }))
    await waitFor(() => expect(calls).toEqual([{ method: 'DELETE', path: '/api/admin/terms/t2' }]))
    expect(await screen.findByText('DELETE done')).toBeInTheDocument()
  })
})
