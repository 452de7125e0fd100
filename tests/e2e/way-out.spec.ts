// Browser scenario (issue 27 part 6, decision 042): on a phone, the deliverer gives an accepted item
// back before pickup, saying why; the sender is told with the reason, the item is open for offers
// again and the payment is refunded. The real server and the built PWA.
import { apiCall, apiLogin } from './support/api'
import { waitForPath } from './support/browser'
import { expect, expectPresent, test } from './fixtures'

type Carried = { id: string; name: string; status: string }

test('the deliverer gives an item back before pickup and the sender is told why', async ({
  delivererPage: page,
  senderPage,
  server,
}) => {
  test.setTimeout(120_000)
  const deliverer = await apiLogin(server.baseURL, 'deliverer@example.com')
  const { data: mine } = await apiCall(server.baseURL, deliverer.token, 'GET', '/api/my-deliveries')
  const item = (mine.items as Carried[]).find((i) => i.status === 'ready_to_pickup')
  expectPresent(item, 'the seed has no delivery ready to pick up')

  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto(`/my-deliveries/${item.id}`)
  await expect(page.getByRole('heading', { name: item.name, level: 1 })).toBeVisible({
    timeout: 45_000,
  })
  const section = page.getByRole('region', { name: "Can't make it?" })
  await section.getByRole('button', { name: 'Give the item back' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Give this item back?' })
  await dialog.getByRole('button', { name: 'Give it back' }).click()
  await expect(dialog.getByText('Please say why: the other side is told')).toBeVisible()
  await dialog
    .getByRole('textbox', { name: "Why can't you carry it?" })
    .fill('My train to the pickup was cancelled')
  await page.screenshot({ path: test.info().outputPath('withdraw-360.png'), fullPage: true })
  await dialog.getByRole('button', { name: 'Give it back' }).click()
  await waitForPath(page, '/my-deliveries')
  await expect(
    page.getByText('You gave the item back; the sender is refunded and told'),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: item.name })).toHaveCount(0)

  // The sender: told why, and the item waits for offers again.
  await senderPage.goto('/notifications')
  const notice = senderPage.getByRole('link', {
    name: new RegExp(`${item.name}: Open for offers again`),
  })
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(senderPage.getByText(/My train to the pickup was cancelled/)).toBeVisible()
  await notice.click()
  await waitForPath(senderPage, `/items/${item.id}`)
  const summary = senderPage.getByRole('region', { name: 'Summary' })
  await expect(summary.getByText('Open for offers', { exact: true })).toBeVisible()
  // No deliverer now: the sender may still cancel the item, no longer "the delivery".
  await expect(summary.getByRole('button', { name: 'Cancel item' })).toBeVisible()
})
