import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { loginAnswer } from '@contract/auth'
import { getUserDataAnswer } from '@contract/user'
import { answer, failure } from '@/test/answers'
import { STORAGE_KEYS } from '@/lib/auth-storage'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { testUsers } from '@/test/session'

function loginAnswers(role: keyof typeof testUsers, expiresAt = '2099-01-01T00:00:00.000Z') {
  return http.post('/api/login', () =>
    answer(loginAnswer, {
      success: true,
      message: 'Logged in',
      data: { token: `jwt-${role}`, expires_at: expiresAt, user: testUsers[role] },
    }),
  )
}

describe('login', () => {
  it('stores token, user and expiry and lands on the role home', async () => {
    server.use(loginAnswers('deliverer'), userDataHandler('deliverer'))
    const { router, user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/email/i), 'deliverer@example.com')
    await user.type(screen.getByLabelText(/password/i), 'password123')
    await user.click(screen.getByRole('button', { name: 'Log in' }))

    expect(
      await screen.findByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/deliverer-dashboard')
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-deliverer')
    expect(localStorage.getItem(STORAGE_KEYS.tokenExpiry)).toBe('2099-01-01T00:00:00.000Z')
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toEqual(testUsers.deliverer)
  })

  it('sends what the fields show, typed before the app took the form over', async () => {
    const sent: unknown[] = []
    server.use(
      http.post('/api/login', async ({ request }) => {
        sent.push(await request.json())
        return answer(loginAnswer, {
          success: true,
          message: 'Logged in',
          data: {
            token: 'jwt-deliverer',
            expires_at: '2099-01-01T00:00:00.000Z',
            user: testUsers.deliverer,
          },
        })
      }),
      userDataHandler('deliverer'),
    )
    const { router, user } = renderApp('/login')
    const email = await screen.findByLabelText<HTMLInputElement>(/email/i)
    const password = screen.getByLabelText<HTMLInputElement>(/password/i)
    // On the page, but never seen by the app (as when an early hand-over is lost).
    email.value = 'deliverer@example.com'
    password.value = 'password123'
    await user.click(screen.getByRole('button', { name: 'Log in' }))

    expect(
      await screen.findByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/deliverer-dashboard')
    expect(sent).toEqual([{ email: 'deliverer@example.com', password: 'password123' }])
  })

  it('keeps the Log in button busy until the next page has rendered', async () => {
    let answerUserData: () => void = () => {}
    const answered = new Promise<void>((resolve) => (answerUserData = resolve))
    server.use(
      loginAnswers('deliverer'),
      http.get('/api/get-user-data', async () => {
        await answered
        return answer(getUserDataAnswer, {
          success: true,
          message: 'OK',
          data: { ...testUsers.deliverer, phone: '+1 555 0100', address: '1 Main St' },
        })
      }),
    )
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/email/i), 'deliverer@example.com')
    await user.type(screen.getByLabelText(/password/i), 'password123')
    const button = screen.getByRole('button', { name: /Log in/ })
    await user.click(button)
    // Signed in (the session is stored) while the dashboard still waits for its data.
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-deliverer'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('data-loading')
    // Busy, it still has a name: never an unnamed button while signing in.
    expect(button).toHaveAccessibleName('Logging in…')
    answerUserData()
    expect(
      await screen.findByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
    ).toBeInTheDocument()
  })

  it('returns to the page it was sent from', async () => {
    server.use(loginAnswers('sender'), userDataHandler('sender'))
    const { router, user } = renderApp('/items')
    await user.type(await screen.findByLabelText(/email/i), 'sender@example.com')
    await user.type(screen.getByLabelText(/password/i), 'password123')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('heading', { name: 'All items', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/items')
  })

  it('shows the server message on 401 and stays on the form', async () => {
    server.use(failWith('post', 'login', 401, 'Invalid email or password'))
    const { router, user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/email/i), 'someone@example.com')
    await user.type(screen.getByLabelText(/password/i), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password')
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
  })

  it('offers a new verification mail on EMAIL_NOT_VERIFIED, by its code (decision 032)', async () => {
    const refuse = (code: 'EMAIL_NOT_VERIFIED' | 'ACCOUNT_DEACTIVATED', message: string) =>
      http.post('/api/login', () => failure(403, message, undefined, code))
    server.use(refuse('EMAIL_NOT_VERIFIED', 'Confirm your address first, please'))
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/email/i), 'new@example.com')
    await user.type(screen.getByLabelText(/password/i), 'password123')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirm your address first')
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument()
    // Another 403 that happens to speak of verifying is not this one.
    server.use(refuse('ACCOUNT_DEACTIVATED', 'Deactivated: an admin must verify your papers.'))
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText(/Deactivated/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull()
  })

  it('checks the fields before calling the server', async () => {
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText(/email/i), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    const email = screen.getByLabelText(/email/i)
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address'))
    expect(screen.getByLabelText(/password/i)).toHaveAccessibleDescription('Password is required')
  })

  it('links to sign-up and forgotten password', async () => {
    renderApp('/login')
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    )
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })
})
