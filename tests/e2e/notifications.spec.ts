// Decision 033, browser scenario: every role has the bell. A sender opens "Your item … was
// approved" from it and lands on their item's page; an admin opens "New item to review: …" and
// lands on its review page, where the decision is made. The changes the notifications tell of are
// made through the API (they are not under test here); the bell, the list and the links are.
import type { Page } from '@playwright/test'
import { apiLogin, postApprovedItem, postItem } from './support/api'
import { waitForPath } from './support/browser'
import { expect, test } from './fixtures'

/** Opens the bell in the sidebar and, from the list, the notification titled `title`. */
async function openFromBell(page: Page, title: string) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click()
  await waitForPath(page, '/notifications')
  await page.getByRole('link', { name: title }).click()
}

test.describe('notifications for every role', () => {
  test('a sender opens "your item was approved" from the bell and lands on the item', async ({
    senderPage: page,
    server,
  }) => {
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const admin = await apiLogin(server.baseURL, 'admin@example.com')
    const item = await postApprovedItem(
      server.baseURL,
      sender.token,
      admin.token,
      `Bell parcel ${Date.now()}`,
    )
    await page.goto('/dashboard')
    await openFromBell(page, `Your item ${item.name}: Open for offers`)
    await waitForPath(page, `/items/${item.id}`)
    await expect(page.getByRole('heading', { name: item.name }).first()).toBeVisible()
  })

  test('an admin opens "new item to review" from the bell and lands on its review page', async ({
    adminPage: page,
    server,
  }) => {
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const name = `Review parcel ${Date.now()}`
    const { id } = await postItem(server.baseURL, sender.token, name)
    await page.goto('/admin-dashboard')
    await openFromBell(page, `New item to review: ${name}`)
    await waitForPath(page, `/sending-approval/item/${id}`)
    await expect(page.getByRole('heading', { name: `Sending approval: ${name}` })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Approve sending' }).first()).toBeEnabled()
  })
})
