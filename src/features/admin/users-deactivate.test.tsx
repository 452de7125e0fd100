// Its own file: under jsdom, a second dialog opened from Chakra's menu in one file does not open
// (zag's layers keep state between tests); in Chromium both work (tests/e2e/admin-users.spec.ts).
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { messageOnly } from '@contract/envelope'
import { answer } from '@/test/answers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { polyfillMenu, rowOf, sam, setup } from '@/test/users-page-setup'

polyfillMenu()

describe('Users: deactivating', { timeout: 20_000 }, () => {
  it('deactivates a user only after a confirmation that explains the sign-out', async () => {
    setup()
    let sent: unknown
    server.use(
      http.post('/api/admin/update-user', async ({ request }) => {
        sent = await request.json()
        return answer(messageOnly, { success: true, message: 'Sam Sender was deactivated' })
      }),
    )
    const { user } = renderApp('/users')
    await screen.findByText('sender@example.com')
    // The row's actions are in its menu.
    await user.click(
      within(rowOf('Sam Sender')).getByRole('button', { name: 'Actions for Sam Sender' }),
    )
    const menu = await screen.findByRole('menu', { name: 'Actions for Sam Sender' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Change role…', 'Deactivate…'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Deactivate…' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Sam Sender?' })
    expect(dialog).toHaveTextContent(/signed out on every device at once/)
    expect(sent).toBeUndefined()
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate user' }))
    expect(await screen.findByText('Sam Sender was deactivated')).toBeInTheDocument()
    expect(sent).toEqual({ user_id: sam.id, active: false })
    // Closed before the test ends: a dialog still closing would leave its layer to the next test.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })
})
