// Browser scenario (decision 024): a deliverer saves their search as a trip, an admin approves an item
// on that route through the API, the bell shows 1 and the notification opens the item.
// Runs against the real server (with its job worker) and the built PWA.
import { apiCall, apiLogin } from './support/api'
import { waitForPath } from './support/browser'
import { expectSavedForOffline } from './support/outbox-ui'
import { expect, test } from './fixtures'

const berlin = { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' }
const munich = { lat: 48.137, lng: 11.575, address: 'Munich, Germany' }

test.describe('a saved trip announces an approved item on its route', () => {
  test('save a trip, approve an item on it, the bell shows 1 and opens the item', async ({
    delivererPage: page,
    server,
  }) => {
    test.setTimeout(120_000)
    // The demo deliverer's earnings for the seeded delivery are released when the server starts
    // (its hold passed), with a notice; read it first, so the bell counts only what this test adds.
    const deliverer = await apiLogin(server.baseURL, 'deliverer@example.com')
    await expect(async () => {
      const seen = await apiCall(server.baseURL, deliverer.token, 'GET', '/api/notifications')
      expect(seen.data.notifications.map((n: { kind: string }) => n.kind)).toContain(
        'earnings_released',
      )
    }).toPass({ timeout: 30_000 })
    await apiCall(server.baseURL, deliverer.token, 'POST', '/api/notifications/read-all')
    await page.goto('/deliverer-dashboard')
    await waitForPath(page, '/deliverer-dashboard')
    const search = new URLSearchParams({
      origin: JSON.stringify(berlin),
      destination: JSON.stringify(munich),
    })
    await page.goto(`/available-items?${search}`)
    await page.getByRole('button', { name: 'Save as trip' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save this route as a trip' })
    await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('Berlin run')
    await dialog.getByRole('button', { name: 'Save trip' }).click()
    await expect(page.getByText('Trip saved', { exact: true })).toBeVisible()

    await page.getByRole('link', { name: 'My trips' }).click()
    await waitForPath(page, '/trips')
    await expect(page.getByRole('heading', { name: 'Berlin run' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible()

    // A sender posts an item on the way, the admin approves it: the job worker matches it.
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const name = `Bike wheel ${Date.now()}`
    const created = await apiCall(server.baseURL, sender.token, 'POST', '/api/items', {
      name,
      category: 'other',
      description: 'A spare front wheel.',
      quantity: 1,
      weight: 1.5,
      dimensions: { length: 70, width: 70, height: 10 },
      is_fragile: false,
      from_location: { lat: 52.5, lng: 13.42, address: 'Berlin-Neukölln, Germany' },
      to_location: { lat: 48.15, lng: 11.56, address: 'Munich-Maxvorstadt, Germany' },
      delivery_phone: '+49 89 1234567',
      delivery_address: 'Theresienstraße 1, Munich',
      delivery_deadline: new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString(),
      special_instructions: '',
      sender_price: 20,
    })
    const item = created.data.item
    const admin = await apiLogin(server.baseURL, 'admin@example.com')
    await apiCall(server.baseURL, admin.token, 'POST', '/api/admin/sending-approval', {
      item_id: item.id,
      decision: 'approved',
    })

    // The bell asks every 30 s; a reload asks at once. The job runs within a few seconds.
    const bell = nav.getByRole('link', { name: 'Notifications, 1 unread' })
    await expect(async () => {
      await page.reload()
      await expect(bell).toBeVisible({ timeout: 5_000 })
    }).toPass({ timeout: 45_000 })
    await bell.click()
    await waitForPath(page, '/notifications')
    await expect(page.getByText('1 unread', { exact: true })).toBeVisible()
    const entry = page.getByRole('link', { name: 'New item on your trip "Berlin run"' })
    await entry.click()
    await waitForPath(page, `/available-items/${item.id}`)
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    // Opened means read: the bell no longer counts it.
    await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: /unread/ })).toHaveCount(0)

    // Offline, the trips and the notifications already seen are still readable.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 20_000,
    })
    await page.goto('/trips')
    await expect(page.getByRole('heading', { name: 'Berlin run' })).toBeVisible()
    await page.goto('/notifications')
    await expect(
      page.getByRole('link', { name: 'New item on your trip "Berlin run"' }),
    ).toBeVisible()
    await expectSavedForOffline(page, ['trips'])
    await expectSavedForOffline(page, ['notifications', 'list'])
    await page.context().setOffline(true)
    await page.reload()
    await expect(
      page.getByRole('link', { name: 'New item on your trip "Berlin run"' }),
    ).toBeVisible()
    await page.goto('/trips')
    await expect(page.getByRole('heading', { name: 'Berlin run' })).toBeVisible()
    await page.context().setOffline(false)
  })
})
