import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { failure } from '@/test/answers'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { itemsListHandler } from '@/test/sender-fixtures'
import { storeSession } from '@/test/session'
import { STORAGE_KEYS } from '@/lib/auth-storage'

describe('route guards', () => {
  it('sends a visitor without a token to /login, remembering the page', async () => {
    const { router } = renderApp('/items')
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/items' })
  })

  it('treats an expired stored token as no token', async () => {
    storeSession('sender', { expired: true })
    const { router } = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('restores the user of a stored token that lost it, instead of asking to log in again', async () => {
    storeSession('deliverer')
    localStorage.removeItem(STORAGE_KEYS.user)
    server.use(userDataHandler('deliverer'))
    const { router } = renderApp('/my-deliveries')
    expect(await screen.findByRole('heading', { name: 'My deliveries', level: 1 })).toBeVisible()
    expect(router.state.location.pathname).toBe('/my-deliveries')
    expect(await screen.findByText('Dana Deliverer')).toBeInTheDocument()
  })

  it('sends a deliverer on a sender page to /deliverer-dashboard', async () => {
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'))
    const { router } = renderApp('/items')
    expect(
      await screen.findByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/deliverer-dashboard')
  })

  it('sends an admin on a sender page to /admin-dashboard', async () => {
    storeSession('admin')
    server.use(userDataHandler('admin'))
    const { router } = renderApp('/items')
    expect(
      await screen.findByRole('heading', { name: 'Admin dashboard', level: 1 }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin-dashboard')
  })

  it('sends a sender on a deliverer page to /dashboard', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    const { router } = renderApp('/available-items')
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(
      screen.getByText(
        'The page you opened is for deliverers only, so here is your own dashboard.',
      ),
    ).toHaveAttribute('role', 'status')
  })

  it("explains deliverers' pages to a sender instead of showing 'Forbidden'", async () => {
    storeSession('sender')
    const asked: string[] = []
    server.use(
      userDataHandler('sender'),
      http.get('/api/my-deliveries', ({ request }) => {
        asked.push(request.url)
        return failure(403, 'Forbidden')
      }),
    )
    renderApp('/my-deliveries')
    expect(await screen.findByRole('heading', { name: 'My deliveries', level: 1 })).toBeVisible()
    expect(screen.getByText(/This page is for deliverers\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    expect(screen.queryByText('Forbidden')).not.toBeInTheDocument()
    expect(asked).toEqual([])
  })

  it('explains the payment page to an admin', async () => {
    storeSession('admin')
    server.use(userDataHandler('admin'))
    renderApp('/payment-method')
    expect(await screen.findByText(/This page is for senders and deliverers\./)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/admin-dashboard',
    )
  })

  it('keeps /agreements for admins only (decision 001)', async () => {
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'))
    const { router } = renderApp('/agreements')
    await waitFor(() => expect(router.state.location.pathname).toBe('/deliverer-dashboard'))
  })

  it('shows pages for any signed-in user with the sidebar of their role', async () => {
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'))
    renderApp('/my-deliveries')
    expect(
      await screen.findByRole('heading', { name: 'My deliveries', level: 1 }),
    ).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main navigation' })
    expect(nav).toHaveTextContent('Available items')
    expect(nav).not.toHaveTextContent('Post new item')
  })

  it('sends a signed-in user away from /login to their home', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    const { router } = renderApp('/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('clears the session and lands on /login when the server answers 401', async () => {
    storeSession('sender')
    // The page's own list is asked too, and answered; the profile's 401 is what ends the session.
    server.use(failWith('get', 'get-user-data', 401, 'Session expired'), itemsListHandler([]))
    const { router } = renderApp('/items')
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.tokenExpiry)).toBeNull()
  })

  it('refreshes the stored name from the server', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender', { name: 'Samantha Sender' }))
    renderApp('/dashboard')
    expect(await screen.findByText('Samantha Sender')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe('Samantha Sender')
  })
})
