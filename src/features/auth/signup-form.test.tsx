import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { registerAnswer } from '@contract/auth'
import { answer } from '@/test/answers'
import { failWith } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'

async function fillSignup(user: ReturnType<typeof renderApp>['user'], password: string) {
  await user.type(await screen.findByLabelText(/^name/i), 'Nora Sender')
  await user.type(screen.getByLabelText(/^email/i), 'nora@example.com')
  await user.type(screen.getByLabelText(/^password/i), password)
}

const acceptBox = () =>
  screen.getByRole('checkbox', { name: 'I accept the Terms of service and the Privacy policy' })

// jsdom has no PointerEvent; Chakra's checkbox (zag) makes one when the box loses focus.
beforeAll(() => {
  window.PointerEvent ??= class extends MouseEvent {} as typeof PointerEvent
})

describe('sign-up', () => {
  it('shows field errors, e.g. a too short password, without calling the server', async () => {
    const { user } = renderApp('/signup')
    await fillSignup(user, 'short')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('aria-invalid', 'true')
  })

  it("shows the server's 409 message", async () => {
    server.use(failWith('post', 'register', 409, 'An account with this email already exists'))
    const { user } = renderApp('/signup')
    await fillSignup(user, 'password123')
    await user.click(acceptBox())
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists',
    )
  })

  it("shows the server's field errors next to their field", async () => {
    server.use(
      failWith('post', 'register', 400, 'Invalid input', {
        email: ['This email domain is not accepted'],
      }),
    )
    const { user } = renderApp('/signup')
    await fillSignup(user, 'password123')
    await user.click(acceptBox())
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('This email domain is not accepted')).toBeInTheDocument()
    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription(
      'This email domain is not accepted',
    )
  })

  it('sends the chosen role and asks the user to check their email instead of logging in', async () => {
    let sent: unknown
    server.use(
      http.post('/api/register', async ({ request }) => {
        sent = await request.json()
        return answer(
          registerAnswer,
          {
            success: true,
            message: 'Account created',
            data: {
              user: { id: 'u1', name: 'Nora Sender', email: 'nora@example.com', role: 'deliverer' },
            },
          },
          { status: 201 },
        )
      }),
    )
    const { user, router } = renderApp('/signup')
    await fillSignup(user, 'password123')
    await user.click(screen.getByRole('radio', { name: /deliverer/i }))
    await user.click(acceptBox())
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument()
    expect(sent).toMatchObject({
      name: 'Nora Sender',
      email: 'nora@example.com',
      role: 'deliverer',
      accept_terms: true,
    })
    expect(router.state.location.pathname).toBe('/signup')
    expect(localStorage.length).toBe(0)
  })

  it('asks to accept the terms and the privacy policy, with links to both, before calling the server', async () => {
    let called = false
    server.use(
      http.post('/api/register', () => {
        called = true
        return new Response(null, { status: 500 })
      }),
    )
    const { user } = renderApp('/signup')
    await fillSignup(user, 'password123')
    expect(acceptBox()).not.toBeChecked()
    const label = acceptBox().closest('label')!
    expect(within(label).getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      '/terms',
    )
    expect(within(label).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    )
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    const message = 'Please accept the Terms of service and the Privacy policy'
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(acceptBox()).toHaveAccessibleDescription(message)
    expect(acceptBox()).toHaveFocus()
    expect(called).toBe(false)
  })
})
