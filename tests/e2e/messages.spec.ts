// Browser scenario (issue 28, decision 039): the deliverer, on a 360 px phone with no signal,
// writes to the sender; the message shows as sending, reaches the server exactly once when the
// network is back, and the sender sees it with an unread count in the navigation and on the item,
// and again after an offline reload (saved reads).
// Then the two sides rate a delivery: each sees only their own until both are in. The real server
// and the built PWA.
import { apiCall, apiLogin, apiMultipart, TINY_PDF } from './support/api'
import { expectSavedForOffline } from './support/outbox-ui'
import { expect, expectPresent, test } from './fixtures'

type Carried = { id: string; name: string; status: string }
type ThreadMessage = { body: string; author: { role: string } }

async function demoDelivery(baseURL: string, status: string) {
  const deliverer = await apiLogin(baseURL, 'deliverer@example.com')
  const { data } = await apiCall(baseURL, deliverer.token, 'GET', '/api/my-deliveries')
  const item = (data.items as Carried[]).find((i) => i.status === status)
  expectPresent(item, `the seed has no delivery ${status}`)
  return { deliverer, item }
}

test('a message written offline shows as sending, arrives once, and the sender sees it unread', async ({
  server,
  delivererPage: page,
  senderPage,
}) => {
  test.setTimeout(180_000)
  const { deliverer, item } = await demoDelivery(server.baseURL, 'ready_to_pickup')
  const sender = await apiLogin(server.baseURL, 'sender@example.com')
  // Admins read a thread without marking it read: the check below changes nothing.
  const admin = await apiLogin(server.baseURL, 'admin@example.com')
  const serverThread = async () =>
    (
      await apiCall(server.baseURL, admin.token, 'GET', `/api/items/${item.id}/messages`)
    ).data.messages.map((m: ThreadMessage) => m.body) as string[]

  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto(`/my-deliveries/${item.id}`)
  const thread = page.getByRole('region', { name: 'Messages' })
  const box = thread.getByRole('textbox', { name: `Message to ${sender.user.name}` })
  // The first visit installs the worker: slow on a loaded machine.
  await expect(box).toBeVisible({ timeout: 45_000 })

  const text = `Offline hello ${Date.now()}`
  await page.context().setOffline(true)
  await box.fill(text)
  await thread.getByRole('button', { name: 'Send' }).click()
  const pending = thread.getByRole('listitem').filter({ hasText: text })
  await expect(pending).toContainText('Sending when you are back online')
  await expect(box).toHaveValue('')
  expect(await serverThread()).not.toContain(text)
  await page.screenshot({ path: test.info().outputPath('offline-sending-360.png'), fullPage: true })

  await page.context().setOffline(false)
  await expect(pending).not.toContainText(/Sending/, { timeout: 40_000 })
  await expect(thread.getByRole('listitem').filter({ hasText: text })).toHaveCount(1)
  await expect.poll(async () => (await serverThread()).filter((b) => b === text)).toHaveLength(1)

  // Usable with the keyboard open: a short viewport still shows the box and Send, nothing scrolls
  // sideways.
  await page.setViewportSize({ width: 360, height: 420 })
  await box.focus()
  const send = thread.getByRole('button', { name: 'Send' })
  await send.scrollIntoViewIfNeeded()
  await expect(send).toBeInViewport()
  await expect(box).toBeInViewport()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // The sender: the count in the navigation and on the item, gone once the thread is shown.
  // Searched by name: the demo sender has more items than a page holds, in no set order.
  await senderPage.goto(`/items?search=${encodeURIComponent(item.name)}`)
  const unreadLink = senderPage.getByRole('link', { name: 'Messages, 1 unread' })
  await expect(unreadLink).toBeVisible({ timeout: 45_000 })
  await expect(
    senderPage.getByRole('row').filter({ hasText: item.name }).getByText('1 unread'),
  ).toBeVisible()
  await unreadLink.click()
  const senderThread = senderPage.getByRole('region', { name: 'Messages' })
  const received = senderThread.getByRole('listitem').filter({ hasText: text })
  await expect(received).toBeVisible()
  await expect(received).toContainText(deliverer.user.name)
  await expect(senderPage.getByRole('link', { name: 'Messages', exact: true })).toBeVisible()

  // Kept on the device: the thread shows after an offline reload, from the saved reads.
  await senderPage.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 30_000,
  })
  await expectSavedForOffline(senderPage, ['messages', 'thread', item.id])
  await senderPage.context().setOffline(true)
  await senderPage.reload()
  await expect(senderThread.getByRole('listitem').filter({ hasText: text })).toBeVisible()
  await senderPage.context().setOffline(false)
})

test('both ratings show only once both are given', async ({
  server,
  senderPage,
  delivererPage,
}) => {
  test.setTimeout(180_000)
  const { deliverer, item } = await demoDelivery(server.baseURL, 'in_process')
  const sender = await apiLogin(server.baseURL, 'sender@example.com')
  const codes = (
    await apiCall(server.baseURL, sender.token, 'GET', `/api/items/${item.id}/handoff-codes`)
  ).data as { delivery: { code: string } }
  await apiMultipart(
    server.baseURL,
    deliverer.token,
    '/api/update-delivery-status',
    {
      item_id: item.id,
      status: 'delivered',
      happened_at: new Date().toISOString(),
      handoff_code: codes.delivery.code,
    },
    { proof_of_delivery: { name: 'proof.pdf', type: 'application/pdf', bytes: TINY_PDF } },
  )

  await senderPage.goto(`/items/${item.id}`)
  // The delivered card offers the rating until it is given, then shows it (decision 048).
  const senderCard = senderPage.getByRole('region', { name: 'Delivered' })
  await expect(senderCard.getByRole('link', { name: `Rate ${deliverer.user.name}` })).toBeVisible({
    timeout: 45_000,
  })
  const senderRatings = senderPage.getByRole('region', { name: 'Ratings' })
  await senderRatings
    .getByRole('radiogroup', { name: `Your rating of ${deliverer.user.name}` })
    .getByText('5 stars')
    .click({ timeout: 45_000 })
  await senderRatings.getByRole('textbox', { name: 'Comment (optional)' }).fill('Spotless handoff')
  await senderRatings.getByRole('button', { name: 'Send rating' }).click()
  await expect(
    senderRatings.getByText('Your rating is in; theirs shows when both are in or the window ends.'),
  ).toBeVisible()
  await expect(senderRatings.getByRole('heading', { name: /rating of you/ })).toHaveCount(0)
  await expect(senderCard.getByText(`You rated ${deliverer.user.name} 5 ★ stars`)).toBeVisible()
  await expect(senderCard.getByRole('link', { name: /^Rate / })).toHaveCount(0)

  await delivererPage.goto(`/my-deliveries/${item.id}`)
  const delivererRatings = delivererPage.getByRole('region', { name: 'Ratings' })
  // The sender's is in, but the deliverer has not rated: still hidden from them.
  await expect(delivererRatings.getByText('Spotless handoff')).toHaveCount(0, { timeout: 45_000 })
  await delivererRatings
    .getByRole('radiogroup', { name: `Your rating of ${sender.user.name}` })
    .getByText('4 stars')
    .click()
  await delivererRatings.getByRole('button', { name: 'Send rating' }).click()
  await expect(
    delivererPage
      .getByRole('region', { name: 'Delivered' })
      .getByText(`You rated ${sender.user.name} 4 ★ stars`),
  ).toBeVisible()
  await expect(
    delivererRatings.getByRole('heading', { name: `${sender.user.name}'s rating of you` }),
  ).toBeVisible()
  await expect(delivererRatings.getByText('Spotless handoff')).toBeVisible()

  await senderPage.reload()
  await expect(
    senderRatings.getByRole('heading', { name: `${deliverer.user.name}'s rating of you` }),
  ).toBeVisible()
  await expect(senderRatings.getByText('4 stars')).toBeVisible()
})
