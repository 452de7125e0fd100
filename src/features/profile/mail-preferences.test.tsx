import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  notificationPreferencesAnswer,
  type NotificationPreferencesBody,
} from '@contract/notifications'
import { answer, failure } from '@/test/answers'
import { TestProviders } from '@/test/providers'
import { createQueryClient } from '@/lib/query-client'
import { server } from '@/test/msw-server'
import { storeSession } from '@/test/session'
import { MailPreferences } from './mail-preferences'

type Preference = NotificationPreferencesBody['preferences'][number]

/** A server holding a sender's mail settings; `.sent` is every PUT body. */
function senderSettings(initial: Preference[]) {
  let stored = initial
  const sent: NotificationPreferencesBody[] = []
  server.use(
    http.get('/api/notification-preferences', () =>
      answer(notificationPreferencesAnswer, {
        success: true,
        message: 'Notification preferences',
        data: { preferences: stored },
      }),
    ),
    http.put('/api/notification-preferences', async ({ request }) => {
      const body = (await request.json()) as NotificationPreferencesBody
      sent.push(body)
      stored = stored.map((p) => body.preferences.find((b) => b.kind === p.kind) ?? p)
      return answer(notificationPreferencesAnswer, {
        success: true,
        message: 'Notification preferences saved',
        data: { preferences: stored },
      })
    }),
  )
  return sent
}

function renderForm() {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } })
  render(
    <TestProviders queryClient={queryClient}>
      <MailPreferences />
    </TestProviders>,
  )
  return userEvent.setup()
}

// jsdom has no PointerEvent; Chakra's checkbox (zag) makes one when the box loses focus.
beforeAll(() => {
  window.PointerEvent ??= class extends MouseEvent {} as typeof PointerEvent
})

describe('email notification settings', () => {
  it('shows a labelled checkbox per kind the user gets by mail, and saves an unticked one', async () => {
    storeSession('sender')
    const sent = senderSettings([
      { kind: 'sending_approved', mail: true },
      { kind: 'request_awaits_sender', mail: true },
      { kind: 'delivered', mail: false },
    ])
    const user = renderForm()
    const approved = await screen.findByRole('checkbox', { name: 'My item was approved' })
    const awaits = screen.getByRole('checkbox', {
      name: 'A deliverer waits for me to accept or decline',
    })
    const delivered = screen.getByRole('checkbox', { name: 'My item was delivered' })
    expect(approved).toBeChecked()
    expect(awaits).toBeChecked()
    expect(delivered).not.toBeChecked()

    await user.click(approved)
    await user.click(delivered)
    await user.click(screen.getByRole('button', { name: 'Save email settings' }))
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        preferences: [
          { kind: 'sending_approved', mail: false },
          { kind: 'request_awaits_sender', mail: true },
          { kind: 'delivered', mail: true },
        ],
      },
    ])
    expect(screen.getByRole('checkbox', { name: 'My item was approved' })).not.toBeChecked()
  })

  it("says the server's reason when saving fails, keeping the boxes as ticked", async () => {
    storeSession('sender')
    senderSettings([{ kind: 'sending_approved', mail: true }])
    server.use(
      http.put('/api/notification-preferences', () =>
        failure(400, 'You do not get mail of this kind'),
      ),
    )
    const user = renderForm()
    await user.click(await screen.findByRole('checkbox', { name: 'My item was approved' }))
    await user.click(screen.getByRole('button', { name: 'Save email settings' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not get mail of this kind')
    expect(screen.getByRole('checkbox', { name: 'My item was approved' })).not.toBeChecked()
  })
})
