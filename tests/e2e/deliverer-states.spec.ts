// Browser scenarios of issue 29 for the deliverer, on a 360 px phone: an accepted delivery is on the
// device before it is ever opened (part 7), a declined request says so (part 8), and Available
// Items is never an empty start (part 4). The real server and the built PWA.
import { apiCall, apiLogin } from './support/api'
import { waitForPath } from './support/browser'
import { expectSavedForOffline } from './support/outbox-ui'
import { expect, expectPresent, test } from './fixtures'

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
  await expect(page.getByRole('heading', { name: 'Traveler Dashboard', level: 1 })).toBeVisible()
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
  await page.screenshot({ path: test.info().outputPath('offline-delivery-360.png'), fullPage: true })
  await page.context().setOffline(false)
})
