// Browser scenarios of issue 29 for the deliverer, on a 360 px phone: an accepted delivery is on the
// device before it is ever opened (part 7), a declined request says so (part 8), and Available
// Items is never an empty start (part 4). The real server and the built PWA.
import {
  apiCall,
  BERLIN_TO_MUNICH,
  apiLogin,
  offerApproved,
  postApprovedItem,
  TINY_PDF,
} from './support/api'
import { ACTION_TIMEOUT_MS, waitForPath } from './support/browser'
import { expectSavedForOffline, TRAVEL_PROOF } from './support/outbox-ui'
import { expect, expectPresent, signIn, test } from './fixtures'

type Carried = { id: string; name: string; status: string; delivery_address: string | null }

test('offline, an accepted delivery never opened shows the recipient address', async ({
  delivererPage: page,
  server,
}) => {
  test.setTimeout(120_000)
  const deliverer = await apiLogin(server.baseURL, 'deliverer@example.com')
  const { data: mine } = await apiCall(server.baseURL, deliverer.token, 'GET', '/api/my-deliveries')
  const carried = (mine.items as Carried[]).find((i) => i.status === 'ready_to_pickup')
  expectPresent(carried, 'the seed has no delivery ready to pick up')
  const { data: item } = await apiCall(
    server.baseURL,
    deliverer.token,
    'GET',
    `/api/item/${carried.id}`,
  )
  const address = (item as Carried).delivery_address
  expectPresent(address, 'the accepted deliverer gets no recipient address')

  await page.setViewportSize({ width: 360, height: 800 })
  // Signed in, the dashboard only: the delivery's own page is never opened online.
  await page.goto('/deliverer-dashboard')
  await waitForPath(page, '/deliverer-dashboard')
  await expect(page.getByRole('heading', { name: 'Deliverer dashboard', level: 1 })).toBeVisible()
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 20_000,
  })
  await expectSavedForOffline(page, ['deliverer', 'item', carried.id])
  await expectSavedForOffline(page, ['handoff-keys'])

  await page.context().setOffline(true)
  await page.goto(`/my-deliveries/${carried.id}`)
  await expect(page.getByRole('heading', { name: carried.name, level: 1 })).toBeVisible()
  await expect(page.getByText(address).first()).toBeVisible()
  await expect(page.getByText(/not saved on this device yet/)).toHaveCount(0)
  await page.screenshot({
    path: test.info().outputPath('offline-delivery-360.png'),
    fullPage: true,
  })
  await page.context().setOffline(false)
})

test('a declined request shows Declined, and a new offer can follow', async ({
  delivererPage: page,
  server,
}) => {
  test.setTimeout(120_000)
  const base = server.baseURL
  const sender = await apiLogin(base, 'sender@example.com')
  const deliverer = await apiLogin(base, 'deliverer@example.com')
  const admin = await apiLogin(base, 'admin@example.com')
  const item = await postApprovedItem(
    base,
    sender.token,
    admin.token,
    `Declined parcel ${Date.now()}`,
  )
  await offerApproved(base, item.id, deliverer, admin.token)
  await apiCall(base, sender.token, 'POST', '/api/update-request-status', {
    item_id: item.id,
    deliverer_id: deliverer.user.id,
    status: 'rejected',
    reason: 'I found someone travelling earlier',
  })

  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto(BERLIN_TO_MUNICH)
  const card = page.getByRole('article', { name: item.name })
  await expect(card.getByText('Declined', { exact: true })).toBeVisible({ timeout: 45_000 })
  await expect(card.getByRole('button', { name: 'Requested' })).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('declined-card-360.png'), fullPage: true })

  await card.getByRole('link', { name: 'View details' }).click()
  const section = page.getByRole('region', { name: 'Request to deliver' })
  await expect(section.getByText('Declined', { exact: true })).toBeVisible()
  await expect(section.getByText('Reason: I found someone travelling earlier')).toBeVisible()

  // The item is still open: a new offer goes through the usual request.
  await page.getByLabel(TRAVEL_PROOF).setInputFiles({
    name: 'ticket.pdf',
    mimeType: 'application/pdf',
    buffer: TINY_PDF,
  })
  await section.getByRole('button', { name: 'Make a new offer' }).click()
  const consent = page.getByRole('dialog', { name: 'Terms and conditions' })
  await consent.getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByText('Request sent successfully!').first()).toBeVisible()
  await page.goto(`/available-items/${item.id}`)
  await expect(
    page
      .getByRole('region', { name: 'Request to deliver' })
      .getByRole('button', { name: 'Requested' }),
  ).toBeVisible()
})

/** A deliverer who signed up just now: verified, no route, no trip, nothing on this device. */
async function newDeliverer(baseURL: string) {
  const email = `new-deliverer-${Date.now()}@example.com`
  const password = 'correct-horse-42'
  await apiCall(baseURL, null, 'POST', '/api/register', {
    name: 'Nina New',
    email,
    password,
    role: 'deliverer',
    accept_terms: true,
  })
  let token = ''
  await expect
    .poll(async () => {
      const response = await fetch(
        new URL(`/api/dev/outbox?to=${encodeURIComponent(email)}`, baseURL),
      )
      const body = (await response.json()) as { data?: { text: string }[] }
      for (const mail of body.data ?? []) {
        token ||= String(mail.text).match(/\/verify-email\?token=([^\s"'<>)&]+)/)?.[1] ?? ''
      }
      return token !== ''
    }, 'no verification mail')
    .toBe(true)
  await apiCall(baseURL, null, 'POST', '/api/verify-email', { token: decodeURIComponent(token) })
  return apiLogin(baseURL, email, password)
}

test('a new deliverer with a location sees items without typing', async ({ browser, server }) => {
  test.setTimeout(120_000)
  const base = server.baseURL
  const sender = await apiLogin(base, 'sender@example.com')
  const admin = await apiLogin(base, 'admin@example.com')
  const near = await postApprovedItem(
    base,
    sender.token,
    admin.token,
    `Parcel near you ${Date.now()}`,
  )
  const session = await newDeliverer(base)

  // Near the item's pickup in Berlin; the position is only read when the deliverer taps.
  const context = await browser.newContext({
    baseURL: base,
    serviceWorkers: 'allow',
    permissions: ['geolocation'],
    geolocation: { latitude: 52.53, longitude: 13.41 },
    viewport: { width: 360, height: 800 },
  })
  context.setDefaultTimeout(ACTION_TIMEOUT_MS)
  await signIn(context, base, session)
  const page = await context.newPage()
  await page.goto('/available-items')

  // No typing: the newest open items at once.
  await expect(page.getByRole('heading', { name: 'Newest items', level: 2 })).toBeVisible({
    timeout: 45_000,
  })
  await expect(page.getByRole('article').first()).toBeVisible()

  await page.getByRole('button', { name: 'Use my location' }).click()
  await expect(page.getByRole('heading', { name: 'Items near you', level: 2 })).toBeVisible()
  await expect(page.getByRole('article', { name: near.name })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('near-me-360.png'), fullPage: true })
  await context.close()
})
