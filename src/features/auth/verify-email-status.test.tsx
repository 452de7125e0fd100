import { screen } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { messageOnly } from '@contract/envelope'
import { answer } from '@/test/answers'
import { failWith } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'

describe('verify email', () => {
  it('posts the token from the link and offers to log in', async () => {
    let token: unknown
    server.use(
      http.post('/api/verify-email', async ({ request }) => {
        token = ((await request.json()) as { token: string }).token
        return answer(messageOnly, { success: true, message: 'Your email address is verified' })
      }),
    )
    renderApp('/verify-email?token=abcdefghijklmnop')
    expect(await screen.findByText('Your email address is verified')).toBeInTheDocument()
    expect(token).toBe('abcdefghijklmnop')
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login')
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
