import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { messageOnly } from '@contract/envelope'
import { answer } from '@/test/answers'
import { STORAGE_KEYS } from '@/lib/auth-storage'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { render } from '@testing-library/react'
import { TestProviders } from '@/test/providers'
import { createQueryClient } from '@/lib/query-client'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { UserBlock } from './user-block'

describe('sidebar user block', () => {
  it("shows 'Demo User' with initials 'DU' when no user is stored", async () => {
    // The block on its own: inside the app a signed-out visitor never reaches the sidebar.
    const rootRoute = createRootRoute({
      component: () => <UserBlock onOpenProfileSettings={() => {}} onLogout={() => {}} />,
    })
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
    render(
      <TestProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </TestProviders>,
    )
    expect(await screen.findByText('Demo User')).toBeInTheDocument()
    expect(screen.getByText('DU')).toBeInTheDocument()
  })

  it('shows the signed-in name and initials, and the role links', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    renderApp('/dashboard')
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    expect(within(nav).getByRole('link', { name: 'All items' })).toHaveAttribute('href', '/items')
    expect(within(nav).getByRole('link', { name: 'Post new item' })).toHaveAttribute(
      'href',
      '/post-item',
    )
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    // Receipts live on /payment-method: the sender reaches them from the navigation.
    expect(within(nav).getByRole('link', { name: 'Payments and receipts' })).toHaveAttribute(
      'href',
      '/payment-method',
    )
    expect(await screen.findByText('Sam Sender')).toBeInTheDocument()
    expect(screen.getByText('SS')).toBeInTheDocument()
  })

  it('opens the Profile settings dialog', async () => {
    storeSession('sender')
    server.use(userDataHandler('sender'))
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Profile settings' }))
    expect(await screen.findByRole('dialog', { name: 'Profile settings' })).toBeInTheDocument()
  })

  it('logs out: calls the API, clears storage and goes to /login', async () => {
    storeSession('deliverer')
    let called = false
    server.use(
      userDataHandler('deliverer'),
      http.post('/api/logout', () => {
        called = true
        return answer(messageOnly, { success: true, message: 'Logged out' })
      }),
    )
    const { user, router } = renderApp('/deliverer-dashboard')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(called).toBe(true)
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
  })

  it('clears storage even when the logout call fails, and only logs the failure', async () => {
    storeSession('sender')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(userDataHandler('sender'), failWith('post', 'logout', 500, 'Server error'))
    const { user, router } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.tokenExpiry)).toBeNull()
    expect(warn).toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    warn.mockRestore()
  })

  it('switches the theme and remembers it', async () => {
    storeSession('sender')
    const rootRoute = createRootRoute({
      component: () => <UserBlock onOpenProfileSettings={() => {}} onLogout={() => {}} />,
    })
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
    render(
      <TestProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </TestProviders>,
    )
    const select = await screen.findByLabelText('Theme')
    expect(select).toHaveValue('system')
    await userEvent.selectOptions(select, 'dark')
    expect(document.documentElement).toHaveClass('dark')
    expect(localStorage.getItem('tote.color-mode')).toBe('dark')
    await userEvent.selectOptions(select, 'light')
    expect(document.documentElement).not.toHaveClass('dark')
    expect(document.documentElement).toHaveClass('light')
    await userEvent.selectOptions(select, 'system')
    expect(localStorage.getItem('tote.color-mode')).toBeNull()
  })
})
