import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app-providers'
import { STORAGE_KEYS } from '@/lib/auth-storage'
import { createQueryClient } from '@/lib/query-client'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { storeSession } from '@/test/session'
import { ProfileModal } from './profile-modal'

function renderModal() {
  const onClose = vi.fn()
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  render(
    <AppProviders queryClient={queryClient}>
      <ProfileModal open onClose={onClose} />
    </AppProviders>,
  )
  return { onClose, user: userEvent.setup() }
}

describe('Profile Settings modal', () => {
  it('is a titled dialog filled from GET /api/get-user-data', async () => {
    server.use(userDataHandler('sender'))
    renderModal()
    expect(await screen.findByRole('dialog', { name: 'Profile Settings' })).toBeInTheDocument()
    expect(await screen.findByLabelText(/^name/i)).toHaveValue('Sam Sender')
    expect(screen.getByLabelText(/^phone/i)).toHaveAttribute('type', 'tel')
    expect(screen.getByLabelText(/^address/i)).toHaveValue('1 Main St')
    expect(screen.getByLabelText(/new password/i)).toHaveAccessibleDescription(
      'Leave blank to keep your current password',
    )
  })

  it("says 'Failed to load user data' when loading fails", async () => {
    server.use(failWith('get', 'get-user-data', 500, 'Database down'))
    renderModal()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user data')
  })

  it('shows the success message, updates the stored name and closes after 1.5 s', async () => {
    storeSession('sender')
    let sent: unknown
    server.use(
      userDataHandler('sender'),
      http.post('/api/update-user', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ success: true, message: 'Profile updated successfully' })
      }),
    )
    const { onClose, user } = renderModal()
    const name = await screen.findByLabelText(/^name/i)
    await user.clear(name)
    await user.type(name, 'Sam Smith')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully')
    expect(sent).toEqual({
      name: 'Sam Smith',
      phone: '+1 555 0100',
      address: '1 Main St',
      password: '',
    })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe('Sam Smith')
    expect(onClose).not.toHaveBeenCalled()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 2500 })
  })

  it('shows the server message when saving fails and stays open', async () => {
    server.use(
      userDataHandler('sender'),
      failWith('post', 'update-user', 400, 'Phone number is not valid'),
    )
    const { onClose, user } = renderModal()
    await screen.findByLabelText(/^name/i)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone number is not valid')
    expect(onClose).not.toHaveBeenCalled()
  })

  it("falls back to 'Failed to update profile' without a server message", async () => {
    server.use(
      userDataHandler('sender'),
      http.post('/api/update-user', () => new HttpResponse('Bad gateway', { status: 502 })),
    )
    const { user } = renderModal()
    await screen.findByLabelText(/^name/i)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile')
  })
})
