import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { notificationsAnswer, unreadCountAnswer } from '@contract/notifications'
import { answer } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'

/** The words a link shows, piece by piece (its text nodes, trimmed). */
function shownPieces(element: HTMLElement): string[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
  const pieces: string[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim()
    if (text) pieces.push(text)
  }
  return pieces
}

describe('the Notifications entry of the navigation', () => {
  it('names itself with the words it shows, the capped count included (WCAG 2.5.3)', async () => {
    storeSession('sender')
    server.use(
      userDataHandler('sender'),
      http.get('/api/notifications/unread-count', () =>
        answer(unreadCountAnswer, { success: true, message: 'OK', data: { unread: 150 } }),
      ),
      http.get('/api/notifications', () =>
        answer(notificationsAnswer, {
          success: true,
          message: 'Notifications',
          data: {
            notifications: [],
            unread: 150,
            pagination: { current_page: 1, per_page: 20, total: 0 },
          },
        }),
      ),
    )
    renderApp('/notifications')
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    const link = await within(nav).findByRole('link', { name: /^Notifications, / })
    expect(shownPieces(link)).toEqual(['Notifications', '99+'])
    expect(link).toHaveAccessibleName('Notifications, 99+ unread')
  })
})
