import { screen } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { verifyEmailAnswer } from '@contract/auth'
import { answer } from '@/test/answers'
import { failWith } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'

describe('verify email', () => {
  it('posts the token from the link, then opens the login with the address filled in, saying it once', async () => {
    let token: unknown
    server.use(
      http.post('/api/verify-email', async ({ request }) => {
        token = ((await request.json()) as { token: string }).token
        return answer(verifyEmailAnswer, {
          success: true,
          message: 'Your email address has been verified.',
          data: { email: 'nora@example.com' },
        })
      }),
    )
    const { router } = renderApp('/verify-email?token=abcdefghijklmnop')
    expect(
      await screen.findByRole('heading', { name: 'Log in' }, { timeout: 4000 }),
    ).toBeInTheDocument()
    expect(token).toBe('abcdefghijklmnop')
    expect(router.state.location.pathname).toBe('/login')
    // The address is not put in the URL.
    expect(router.state.location.href).not.toContain('nora')
    expect(screen.getByLabelText(/email/i)).toHaveValue('nora@example.com')
    expect(screen.getByLabelText(/password/i)).toHaveFocus()
    expect(screen.getAllByText(/verified/)).toHaveLength(1)
    expect(
      screen.getByText('Your email address has been verified. Log in with your password to start.'),
    ).toBeInTheDocument()
  })

  it('shows the server message for an expired or used link', async () => {
    server.use(failWith('post', 'verify-email', 400, 'This verification link has expired'))
    renderApp('/verify-email?token=expiredlinktoken0')
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link has expired')
  })

  it('explains a link without a token', async () => {
    renderApp('/verify-email')
    expect(await screen.findByRole('alert')).toHaveTextContent('missing its token')
  })
})
