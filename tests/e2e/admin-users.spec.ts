// Browser scenario (issue 29): the admin users table keeps each row's actions in one menu; each
// action opens its dialog, which stays open once the menu closes. The real server and built PWA.
import { expect, rolePage, test } from './fixtures'

test('an admin changes a role and deactivates a user from the row menu', async ({
  browser,
  server,
}) => {
  const { page, context } = await rolePage(browser, server.baseURL, 'admin')
  await page.goto('/users')
  const row = page.getByRole('row').filter({ hasText: 'sender@example.com' })
  await row.getByRole('button', { name: 'Actions for Sam Sender' }).click()
  const menu = page.getByRole('menu', { name: 'Actions for Sam Sender' })
  await menu.getByRole('menuitem', { name: 'Change role…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change the role of Sam Sender' })
  await expect(dialog).toBeVisible()
  await expect(menu).toBeHidden()
  await dialog.getByLabel('Role').selectOption('deliverer')
  await dialog.getByRole('button', { name: 'Save role' }).click()
  await expect(dialog).toBeHidden()
  await expect(row.getByRole('cell', { name: 'Deliverer', exact: true })).toBeVisible()

  await row.getByRole('button', { name: 'Actions for Sam Sender' }).click()
  await page.getByRole('menuitem', { name: 'Deactivate…' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate Sam Sender?' })
  await confirm.getByRole('button', { name: 'Deactivate user' }).click()
  await expect(confirm).toBeHidden()
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible()
  await context.close()
})
