import { configure, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { userConsentAnswer } from '@contract/terms'
import { tripsAnswer } from '@contract/trips'
import {
  notificationAnswer,
  notificationsAnswer,
  unreadCountAnswer,
  type Notification,
} from '@contract/notifications'
import { messageOnly } from '@contract/envelope'
import { answer, failure } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'

configure({ asyncUtilTimeout: 4000 })

const itemId = '5a1c7e2b-3d4f-4a6b-8c9d-222222222222'

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '9d8c7b6a-5f4e-4d3c-8b2a-333333333333',
    kind: 'trip_match',
    title: 'Laptop is on your trip Chicago → Indianapolis',
    body: 'Gary → Lafayette, due 1 Dec 2026. Open it to request it.',
    link: `/available-items/${itemId}`,
    item_id: itemId,
    trip_id: '0b6f3d0e-1c2a-4f5e-9a7b-111111111111',
    read_at: null,
    created_at: '2026-11-26T08:00:00.000Z',
    ...overrides,
  }
}

/** A small in-memory server: the list, the count and the two ways of reading. */
function notificationsApi(initial: Notification[]) {
  let list = initial
  const unread = () => list.filter((n) => n.read_at === null).length
  const read: string[] = []
  return {
    read,
    handlers: [
      http.get('/api/notifications/unread-count', () =>
        answer(unreadCountAnswer, { success: true, message: 'OK', data: { unread: unread() } }),
      ),
      http.get('/api/notifications', () =>
        answer(notificationsAnswer, {
          success: true,
          message: 'Notifications',
          data: {
            notifications: list,
            unread: unread(),
            pagination: { current_page: 1, per_page: 20, total: list.length },
          },
        }),
      ),
      http.post('/api/notifications/:id/read', ({ params }) => {
        read.push(String(params.id))
        list = list.map((n) =>
          n.id === params.id ? { ...n, read_at: '2026-11-26T09:00:00.000Z' } : n,
        )
        const notification = list.find((n) => n.id === params.id)
        if (!notification) return failure(404, 'Notification not found')
        return answer(notificationAnswer, {
          success: true,
          message: 'Read',
          data: { notification },
        })
      }),
      http.post('/api/notifications/read-all', () => {
        read.push('all')
        list = list.map((n) => ({ ...n, read_at: n.read_at ?? '2026-11-26T09:00:00.000Z' }))
        return answer(messageOnly, { success: true, message: 'All read' })
      }),
      // The item the notification opens.
      http.get(`/api/item/${itemId}`, () => failure(404, 'Item not found')),
      http.get('/api/user-consent', () =>
        answer(userConsentAnswer, { success: true, message: 'OK', data: [] }),
      ),
    ],
  }
}

describe('notifications', { timeout: 15_000 }, () => {
  it('a trip notification about an item no longer open says so instead of New', async () => {
    const fake = notificationsApi([makeNotification({ item_open: false })])
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'), ...fake.handlers)
    renderApp('/notifications')
    const entry = (await screen.findByRole('link', { name: makeNotification().title })).closest(
      'li',
    )!
    expect(within(entry).getByText('No longer open')).toBeInTheDocument()
    expect(within(entry).getByText(/Someone else took this item/)).toBeInTheDocument()
    expect(within(entry).queryByText('New')).not.toBeInTheDocument()
  })

  it('the bell shows the unread count and opens the list; opening one marks it read and shows the item', async () => {
    const fake = notificationsApi([
      makeNotification(),
      makeNotification({
        id: '9d8c7b6a-5f4e-4d3c-8b2a-444444444444',
        title: 'Old one',
        item_id: null,
        read_at: '2026-11-20T08:00:00.000Z',
      }),
    ])
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'), ...fake.handlers)
    server.use(
      http.get('/api/trips', () =>
        answer(tripsAnswer, { success: true, message: 'Trips', data: { trips: [] } }),
      ),
    )
    const { user, router } = renderApp('/trips')
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    const bell = await within(nav).findByRole('link', { name: 'Notifications, 1 unread' })
    await user.click(bell)

    await screen.findByRole('heading', { name: 'Notifications', level: 1 })
    expect(await screen.findByText('1 unread')).toBeInTheDocument()
    const first = screen.getByRole('link', { name: makeNotification().title }).closest('li')!
    expect(within(first).getByText('New')).toBeInTheDocument()
    expect(screen.getByText('Old one').closest('li')).not.toHaveTextContent('New')

    await user.click(within(first).getByRole('link', { name: makeNotification().title }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/available-items/${itemId}`))
    expect(fake.read).toEqual([makeNotification().id])
    expect(await within(nav).findByRole('link', { name: 'Notifications' })).toBeInTheDocument()
  })

  it('marks all as read', async () => {
    const fake = notificationsApi([
      makeNotification(),
      makeNotification({ id: '9d8c7b6a-5f4e-4d3c-8b2a-555555555555', title: 'Second' }),
    ])
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'), ...fake.handlers)
    const { user } = renderApp('/notifications')
    expect(await screen.findByText('2 unread')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument()
    expect(fake.read).toEqual(['all'])
    expect(screen.queryByText('New')).not.toBeInTheDocument()
  })

  it('says how notifications come when there is none yet', async () => {
    const fake = notificationsApi([])
    storeSession('deliverer')
    server.use(userDataHandler('deliverer'), ...fake.handlers)
    renderApp('/notifications')
    expect(
      await screen.findByText(/Save a trip on Available items and you will hear here/),
    ).toBeInTheDocument()
    // Said once: no "No unread notifications" above "Nothing yet".
    expect(screen.queryByText('No unread notifications')).not.toBeInTheDocument()
  })

  it.each(['sender', 'deliverer', 'admin'] as const)(
    'gives a %s the bell, which opens where they act',
    async (role) => {
      const link = {
        sender: `/items/${itemId}`,
        deliverer: `/my-deliveries/${itemId}`,
        admin: `/sending-approval/item/${itemId}`,
      }[role]
      const fake = notificationsApi([
        makeNotification({ kind: 'info_requested', title: 'Something to do', link, trip_id: null }),
      ])
      storeSession(role)
      server.use(userDataHandler(role), ...fake.handlers)
      renderApp('/notifications')
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
      expect(
        await within(nav).findByRole('link', { name: 'Notifications, 1 unread' }),
      ).toHaveAttribute('href', '/notifications')
      expect(await screen.findByRole('link', { name: 'Something to do' })).toHaveAttribute(
        'href',
        link,
      )
    },
  )
})
