import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxEntry } from '@/lib/db'
import type { OutboxView } from '@/lib/outbox/use-outbox'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { senderBase } from '@/test/sender-fixtures'
import { storeSession } from '@/test/session'

// The outbox lives in IndexedDB, which jsdom lacks: two unsent changes.
vi.mock('@/lib/outbox/use-outbox', () => ({
  useOutbox: (): OutboxView => ({
    entries: [1, 2].map(
      (id) =>
        ({
          id,
          userId: 'u-sender',
          createdAt: 0,
          kind: 'respond-further-info',
          label: `Reply ${id}`,
          status: 'queued',
          error: null,
          file: null,
        }) as unknown as OutboxEntry,
    ),
    pending: 2,
    failed: 0,
    retry: async () => {},
    discard: async () => {},
  }),
}))

/** A screen whose width crosses the phone breakpoint on demand (a tablet rotated, a window resized). */
function resizableScreen() {
  const original = window.matchMedia
  let phone = true
  const listeners = new Set<() => void>()
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('max-width') ? phone : !phone
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia
  return {
    set(isPhone: boolean) {
      phone = isPhone
      act(() => listeners.forEach((listener) => listener()))
    },
    undo: () => {
      window.matchMedia = original
    },
  }
}

let screenSize: ReturnType<typeof resizableScreen>
beforeEach(() => {
  screenSize = resizableScreen()
})
afterEach(() => screenSize.undo())

describe('dialogs opened from the navigation', { timeout: 15_000 }, () => {
  it('the logout confirmation stays open when the phone layout becomes the wide one', async () => {
    storeSession('sender')
    server.use(...senderBase())
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Open menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    await user.click(within(menu).getByRole('button', { name: 'Logout' }))
    expect(await screen.findByRole('alertdialog', { name: 'Unsent changes' })).toBeVisible()

    screenSize.set(false)
    // The wide layout (hidden from screen readers under the open dialog): sidebar, no menu.
    expect(await screen.findByRole('complementary', { hidden: true })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open menu', hidden: true })).toBeNull()
    const confirm = screen.getByRole('alertdialog', { name: 'Unsent changes' })
    expect(confirm).toHaveTextContent('You have 2 unsent changes.')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog', { name: 'Unsent changes' })).toBeNull()
  })

  it('the queued changes stay open when the wide layout becomes the phone one', async () => {
    screenSize.set(false)
    storeSession('sender')
    server.use(...senderBase())
    const { user } = renderApp('/dashboard')
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    await user.click(within(nav).getByRole('button', { name: 'Queued: 2 unsent changes' }))
    expect(await screen.findByRole('dialog', { name: 'Queued changes' })).toBeVisible()

    screenSize.set(true)
    expect(
      await screen.findByRole('button', { name: 'Open menu', hidden: true }),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Queued changes' })).toHaveTextContent('Reply 2')
  })
})
