import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { updateUserAnswer, type UpdateUserBody } from '@contract/user'
import { answer, failure } from '@/test/answers'
import { TestProviders } from '@/test/providers'
import { STORAGE_KEYS } from '@/lib/auth-storage'
import { createQueryClient } from '@/lib/query-client'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { storeSession, testUsers } from '@/test/session'
import { ProfileModal } from './profile-modal'

function renderModal() {
  const onClose = vi.fn()
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  render(
    <TestProviders queryClient={queryClient}>
      <ProfileModal open onClose={onClose} />
    </TestProviders>,
  )
  return { onClose, user: userEvent.setup() }
}

/** The user's data, and an update-user that succeeds; `.body` is what the form sent last. */
function acceptUpdates() {
  const sent: { body?: unknown } = {}
  server.use(
    userDataHandler('sender'),
    http.post('/api/update-user', async ({ request }) => {
      const body = (await request.json()) as UpdateUserBody
      sent.body = body
      return answer(updateUserAnswer, {
        success: true,
        message: 'Profile updated successfully',
        data: {
          ...testUsers.sender,
          name: body.name,
          phone: body.phone ?? '',
          address: body.address ?? '',
        },
      })
    }),
  )
  return sent
}

describe('Profile settings modal', () => {
  it('is a titled dialog filled from GET /api/get-user-data', async () => {
    server.use(userDataHandler('sender'))
    renderModal()
    expect(await screen.findByRole('dialog', { name: 'Profile settings' })).toBeInTheDocument()
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
    const sent = acceptUpdates()
    const { onClose, user } = renderModal()
    const name = await screen.findByLabelText(/^name/i)
    await user.clear(name)
    await user.type(name, 'Sam Smith')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully')
    expect(sent.body).toEqual({
      name: 'Sam Smith',
      phone: '+1 555 0100',
      address: '1 Main St',
      password: '',
    })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe('Sam Smith')
    expect(onClose).not.toHaveBeenCalled()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 2500 })
  })

  it('asks for the current password once a new one is typed, and sends both', async () => {
    const sent = acceptUpdates()
    const { user } = renderModal()
    await screen.findByLabelText(/^name/i)
    expect(screen.queryByLabelText(/current password/i)).not.toBeInTheDocument()
    await user.type(screen.getByLabelText(/new password/i), 'a-strong-passphrase')
    const current = screen.getByLabelText(/current password/i)
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(current).toHaveAccessibleDescription('Enter your current password to choose a new one')
    expect(sent.body).toBeUndefined()

    await user.type(current, 'my-old-password')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully')
    expect(sent.body).toMatchObject({
      password: 'a-strong-passphrase',
      current_password: 'my-old-password',
    })
  })

  it('shows the server refusing a wrong current password next to that field', async () => {
    server.use(
      userDataHandler('sender'),
      http.post('/api/update-user', () =>
        failure(400, 'Your current password is not correct', {
          current_password: ['Your current password is not correct'],
        }),
      ),
    )
    const { user } = renderModal()
    await screen.findByLabelText(/^name/i)
    await user.type(screen.getByLabelText(/new password/i), 'a-strong-passphrase')
    await user.type(screen.getByLabelText(/current password/i), 'wrong-one')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/current password/i)).toHaveAccessibleDescription(
        'Your current password is not correct',
      ),
    )
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
