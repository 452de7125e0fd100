import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { adminCreateUserAnswer } from '@contract/admin'
import { messageOnly } from '@contract/envelope'
import { answer } from '@/test/answers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { adminUser } from '@/test/admin-fixtures'
import { polyfillMenu, rowOf, sam, setup } from '@/test/users-page-setup'

polyfillMenu()

// Typing into Chakra fields under jsdom is slow when the whole suite runs in parallel.
describe('Users', { timeout: 20_000 }, () => {
  it('creates a user and says a set-password email was sent', async () => {
    setup()
    let sent: unknown
    server.use(
      http.post('/api/admin/users', async ({ request }) => {
        sent = await request.json()
        const user = adminUser({
          id: 'new',
          name: 'Nina New',
          email: 'nina@example.com',
          role: 'deliverer',
        })
        return answer(adminCreateUserAnswer, {
          success: true,
          message: 'User created',
          data: { user },
        })
      }),
    )
    const { user } = renderApp('/users')
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Create user' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create user' })

    await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText(/^name/i), 'Nina New')
    await user.type(within(dialog).getByLabelText(/^email/i), 'Nina@Example.com')
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'deliverer')
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }))

    expect(
      await screen.findByText(/A set-password email was sent to nina@example.com/),
    ).toBeInTheDocument()
    expect(sent).toEqual({ name: 'Nina New', email: 'nina@example.com', role: 'deliverer' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('changes a role with the select and Save role', async () => {
    setup()
    let sent: unknown
    server.use(
      http.post('/api/admin/update-user', async ({ request }) => {
        sent = await request.json()
        return answer(messageOnly, { success: true, message: 'Role updated' })
      }),
    )
    const { user } = renderApp('/users')
    await screen.findByText('sender@example.com')
    await user.click(
      within(rowOf('Sam Sender')).getByRole('button', { name: 'Actions for Sam Sender' }),
    )
    await user.click(await screen.findByRole('menuitem', { name: 'Change role…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Sam Sender' })
    const save = within(dialog).getByRole('button', { name: 'Save role' })
    expect(save).toBeDisabled()
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'deliverer')
    await user.click(save)
    expect(await screen.findByText('Role updated')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent).toEqual({ user_id: sam.id, role: 'deliverer' })
  })

  it('offers no Deactivate on the signed-in admin’s own row', async () => {
    setup()
    renderApp('/users')
    await screen.findByText('admin@example.com')
    const own = rowOf('Ada Admin')
    expect(within(own).queryByRole('button', { name: /actions|deactivate/i })).toBeNull()
    expect(within(own).getByText('This is you')).toBeInTheDocument()
  })

  it('puts the role and state filters in the URL and the query', async () => {
    const { asked } = setup()
    const { router, user } = renderApp('/users')
    await screen.findByText('sender@example.com')
    await user.selectOptions(screen.getByLabelText('Role'), 'deliverer')
    await user.selectOptions(screen.getByLabelText('State'), 'unverified')
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ role: 'deliverer', state: 'unverified' }),
    )
    await waitFor(() =>
      expect(asked[asked.length - 1]).toMatchObject({ role: 'deliverer', state: 'unverified' }),
    )
  })
})
