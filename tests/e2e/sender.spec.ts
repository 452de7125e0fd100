// Browser scenario: a sender posts an item through the real form (places from the
// embedded gazetteer), an admin and a deliverer move it on through the API, and the sender accepts
// the delivery request paying by card in test mode (first declined, then accepted). Also the
// All items list: the new item, the Post new item link and a status filter that survives a reload.
import type { Browser, Locator, Page } from '@playwright/test'
import { apiCall, apiLogin, apiMultipart, TINY_PDF } from './support/api'
import { field, waitForPath } from './support/browser'
import type { TestServer } from './support/server'
import { expect, expectPresent, problemsOf, rolePage, test, type Role } from './fixtures'

const TEST_TIMEOUT_MS = 90_000
const ITEM_NAME = `Vintage camera ${Date.now().toString(36)}`
const ITEM_DESCRIPTION = 'A 1970s rangefinder in its leather case.'
const DELIVERER_PRICE = 35

test.describe('sender: post an item, accept a delivery request and pay', () => {
  // Later scenarios use the item the first one posts.
  test.describe.configure({ mode: 'serial', timeout: TEST_TIMEOUT_MS })
  let server: TestServer
  let browser: Browser
  /** Filled by the first scenario, used by the later ones (run in order). */
  let itemId: string | null = null
  let delivererName = ''

  test.beforeEach(({ server: current, browser: shared }) => {
    server = current
    browser = shared
  })

  /**
   * Runs `fn` in a page signed in as `role`. `allow`: console errors the scenario causes on
   * purpose (a declined card is a 402).
   */
  async function withPage(
    role: Role,
    fn: (page: Page) => Promise<void>,
    { allow = [] }: { allow?: RegExp[] } = {},
  ) {
    const session = await rolePage(browser, server.baseURL, role)
    try {
      await fn(session.page)
      // Nothing went wrong behind the user's back: no crash, no console error, no 5xx.
      const unexpected = problemsOf(session.page).filter((p) => !allow.some((re) => re.test(p)))
      expect(unexpected, 'errors recorded during the scenario').toEqual([])
    } finally {
      await session.context.close()
    }
  }

  async function senderItem(id: string) {
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const { data } = await apiCall(server.baseURL, sender.token, 'GET', `/api/items/${id}`)
    return data.item
  }

  test('the sender posts an item with places chosen by search', () =>
    withPage('sender', async (page) => {
      await page.goto('/dashboard')
      await waitForPath(page, '/dashboard')

      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Post new item' })
        .click()
      await waitForPath(page, '/post-item')
      await expect(page.getByRole('heading', { name: 'Post new item' })).toBeVisible()

      await field(page, 'Item name').fill(ITEM_NAME)
      await field(page, 'Category').selectOption({ label: 'Electronics' })
      await field(page, 'Description').fill(ITEM_DESCRIPTION)
      await field(page, 'Quantity').fill('2')
      await field(page, 'Weight (kg)').fill('1.5')
      await field(page, 'Length (cm)').fill('20')
      await field(page, 'Width (cm)').fill('15')
      await field(page, 'Height (cm)').fill('10')
      await page.getByText('Fragile', { exact: true }).click()
      await expect(
        page.getByRole('checkbox', { name: 'Fragile' }),
        'the Fragile checkbox is not checked after clicking it',
      ).toBeChecked()

      await pickPlace(page, 'From location', 'Berlin', 'Berlin, Germany')
      await pickPlace(page, 'To location', 'Munich', /^Munich\b.*Germany$/)

      await field(page, 'Delivery phone').fill('+49 30 1234567')
      await field(page, 'Delivery address').fill('Marienplatz 1, 80331 München')
      const deadline = daysFromNow(5)
      await field(page, 'Delivery deadline').fill(dateTimeLocal(deadline))
      await field(page, 'Special instructions').fill('Keep it upright, please.')
      await field(page, 'Your price (USD)').fill('40')

      await page.getByRole('button', { name: 'Post item' }).click()
      await page.waitForURL((url) => /^\/items\/[0-9a-f-]{36}$/.test(url.pathname))
      itemId = new URL(page.url()).pathname.split('/').pop() ?? null
      expectPresent(itemId, 'no item id in the URL')

      // The detail page shows what was entered.
      await expect(page.getByRole('heading', { name: ITEM_NAME }).first()).toBeVisible()
      await expect(page.getByText(ITEM_DESCRIPTION).first()).toBeVisible()
      await expect(page.getByText(/Berlin, Germany/).first()).toBeVisible()
      await expect(page.getByText(/Munich/).first()).toBeVisible()
      await expect(page.getByText('$40.00').first()).toBeVisible()
      await expect(
        page.getByText(deadline.toLocaleDateString('en-US', { dateStyle: 'long' })).first(),
      ).toBeVisible()
      await expect(page.getByText('No delivery request yet')).toBeVisible()

      // And so does the server.
      const item = await senderItem(itemId)
      expect(item.name).toBe(ITEM_NAME)
      expect(item.category).toBe('electronics')
      expect(item.quantity).toBe(2)
      expect(item.weight).toBe(1.5)
      expect(item.dimensions).toEqual({ length: 20, width: 15, height: 10 })
      expect(item.is_fragile).toBe(true)
      expect(item.sender_price).toBe(40)
      expect(item.status).toBe('pending')
      expect(item.sending_approval).toBe('pending')
      expect(item.from_location.address).toMatch(/Berlin, Germany/)
      expect(Math.abs(item.from_location.lat - 52.52), 'Berlin latitude').toBeLessThan(0.2)
      expect(Math.abs(item.to_location.lat - 48.14), 'Munich latitude').toBeLessThan(0.2)
      expect(new Date(item.delivery_deadline).getTime()).toBeGreaterThan(
        Date.now() + 4 * 86_400_000,
      )
    }))

  test('after both approvals the sender accepts the request; a declined card leaves it pending', async () => {
    expectPresent(itemId, 'the posting scenario did not create an item')
    const posted: string = itemId
    const admin = await apiLogin(server.baseURL, 'admin@example.com')
    const deliverer = await apiLogin(server.baseURL, 'deliverer@example.com')
    delivererName = deliverer.user.name
    await apiCall(server.baseURL, admin.token, 'POST', '/api/admin/sending-approval', {
      item_id: posted,
      decision: 'approved',
    })
    await apiMultipart(
      server.baseURL,
      deliverer.token,
      '/api/request-item',
      { item_id: posted, accept_privacy: 'true', deliverer_price: DELIVERER_PRICE },
      { proof_of_travel: { name: 'ticket.pdf', type: 'application/pdf', bytes: TINY_PDF } },
    )

    await withPage(
      'sender',
      async (page) => {
        await page.goto('/dashboard')
        await waitForPath(page, '/dashboard')

        // Requested but not yet approved by the admin: the sender does not see it.
        await page.goto(`/items/${posted}`)
        await expect(page.getByRole('heading', { name: ITEM_NAME }).first()).toBeVisible()
        await expect(page.getByText('No delivery request yet')).toBeVisible()

        await apiCall(server.baseURL, admin.token, 'POST', '/api/admin/delivery-approval', {
          item_id: posted,
          deliverer_id: deliverer.user.id,
          decision: 'approved',
        })

        await page.reload()
        const section = page.getByRole('region', { name: 'Delivery request' })
        await expect(section.getByText(delivererName).first()).toBeVisible()
        await expect(section.getByText(`$${DELIVERER_PRICE}.00`).first()).toBeVisible()
        // The next step, first on the page: the offer, with the sender's two answers.
        const offer = page.getByRole('region', {
          name: `${delivererName} offers $${DELIVERER_PRICE}.00`,
        })
        const accept = offer.getByRole('button', { name: `Accept and pay $${DELIVERER_PRICE}.00` })
        await expect(accept).toBeVisible()
        await expect(offer.getByRole('button', { name: 'Decline' })).toBeVisible()
        await expect(page.getByText('No delivery request yet')).toHaveCount(0)

        // Declined card: the message shows, nothing changes.
        await accept.click()
        let dialog = await paymentDialog(page)
        await payWith(dialog, '4000 0000 0000 0002')
        await expect(dialog.getByText('Your card was declined.')).toBeVisible()
        await expect(page).toHaveURL((url) => url.pathname === `/items/${posted}`)
        await expect(
          dialog.getByRole('button', { name: `Pay $${DELIVERER_PRICE}.00` }),
        ).toBeVisible()
        let item = await senderItem(posted)
        expect(item.request_status).toBe('pending')
        expect(item.status).toBe('pending')

        // Closing the dialog leaves the request pending on the page too.
        await dialog.getByRole('button', { name: 'Cancel' }).click()
        await expect(dialog).toBeHidden()
        await page.reload()
        await expect(accept).toBeVisible()
        await expect(section.getByText('Awaiting answer', { exact: true })).toBeVisible()

        // Reopened: declined again, then a good card in the same dialog goes through and the
        // sender stays on the item, whose next step is now the handoff.
        await accept.click()
        dialog = await paymentDialog(page)
        await payWith(dialog, '4000 0000 0000 0002')
        await expect(dialog.getByText('Your card was declined.')).toBeVisible()
        await payWith(dialog, '4242 4242 4242 4242')
        await waitForPath(page, `/items/${posted}`, 30_000)
        await expect(
          page.getByRole('region', { name: `Hand the item to ${delivererName}` }),
        ).toBeVisible()
        // The success message says what the server charged, with a link to the receipt.
        const notice = page.getByRole('status').filter({ hasText: 'Payment successful' })
        await expect(
          notice.getByText(`$${DELIVERER_PRICE}.00 was charged to your card for ${ITEM_NAME}.`),
        ).toBeVisible()
        const receiptLink = notice.getByRole('link', { name: 'View receipt' })
        await expect(receiptLink).toHaveAttribute(
          'href',
          /^\/payment-method#receipt-[0-9a-f-]{36}$/,
        )
        const receiptHref = String(await receiptLink.getAttribute('href'))
        await page.goto('/items')
        const row = page.getByRole('row').filter({ hasText: ITEM_NAME })
        await expect(row.getByText('Paid — awaiting pickup')).toBeVisible()
        // The list shows the agreed price, not the sender's own $40.
        await expect(row.getByText(`$${DELIVERER_PRICE}.00`)).toBeVisible()

        item = await senderItem(posted)
        expect(item.status).toBe('ready_to_pickup')
        expect(item.request_status).toBe('accepted')
        expect(item.deliverer_id).toBe(deliverer.user.id)

        // The detail page no longer asks to accept or reject.
        await row.getByRole('link', { name: ITEM_NAME }).click()
        await waitForPath(page, `/items/${posted}`)
        await expect(section.getByText('Accepted', { exact: true })).toBeVisible()
        await expect(page.getByRole('button', { name: /^Accept and pay/ })).toHaveCount(0)
        await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0)
        await expect(page.getByLabel(`Agreed price $${DELIVERER_PRICE}.00`)).toBeVisible()
        const progress = page.getByRole('region', { name: 'Progress' })
        await expect
          .poll(() => progress.locator('[aria-current="step"]').innerText())
          .toMatch(/^✓\s*Paid\s*, done$/)

        // The receipt link leads to that payment on /payment-method.
        await page.goto(receiptHref)
        await waitForPath(page, '/payment-method')
        const receipt = page.locator(`#${receiptHref.split('#')[1]}`)
        await expect(receipt.getByText(ITEM_NAME)).toBeVisible()
        await expect(receipt).toHaveAttribute('aria-current', 'true')
        await expect(receipt.getByText(`$${DELIVERER_PRICE}.00`).first()).toBeVisible()
      },
      { allow: [/status of 402 \(Payment Required\)/] },
    )
  })

  test('rejecting asks for confirmation and passes the optional reason to the deliverer', async () => {
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const admin = await apiLogin(server.baseURL, 'admin@example.com')
    const deliverer = await apiLogin(server.baseURL, 'deliverer@example.com')
    const name = `Record player ${Date.now().toString(36)}`
    const created = await apiCall(server.baseURL, sender.token, 'POST', '/api/items', {
      name,
      category: 'electronics',
      description: 'A turntable in its box.',
      quantity: 1,
      weight: 4,
      dimensions: { length: 45, width: 35, height: 15 },
      is_fragile: true,
      from_location: { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' },
      to_location: { lat: 48.137, lng: 11.575, address: 'Munich, Germany' },
      delivery_phone: '+49 30 1234567',
      delivery_address: 'Marienplatz 1, Munich',
      delivery_deadline: daysFromNow(6).toISOString(),
      special_instructions: '',
      sender_price: 30,
    })
    const id = created.data.item.id
    await apiCall(server.baseURL, admin.token, 'POST', '/api/admin/sending-approval', {
      item_id: id,
      decision: 'approved',
    })
    await apiMultipart(
      server.baseURL,
      deliverer.token,
      '/api/request-item',
      { item_id: id, accept_privacy: 'true', deliverer_price: 28 },
      { proof_of_travel: { name: 'ticket.pdf', type: 'application/pdf', bytes: TINY_PDF } },
    )
    await apiCall(server.baseURL, admin.token, 'POST', '/api/admin/delivery-approval', {
      item_id: id,
      deliverer_id: deliverer.user.id,
      decision: 'approved',
    })
    const reason = 'Sorry, a friend is driving to Munich that week.'

    await withPage('sender', async (page) => {
      await page.goto('/dashboard')
      await waitForPath(page, '/dashboard')
      await page.goto(`/items/${id}`)
      const decline = page.getByRole('button', { name: 'Decline' })

      // Declining only asks: backing out changes nothing.
      await decline.click()
      let dialog = page.getByRole('alertdialog', { name: 'Decline this offer?' })
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Keep the offer' }).click()
      await expect(dialog).toBeHidden()
      expect((await senderItem(id)).request_status).toBe('pending')

      await decline.click()
      dialog = page.getByRole('alertdialog', { name: 'Decline this offer?' })
      await field(dialog, 'Reason (optional)').fill(reason)
      await dialog.getByRole('button', { name: 'Decline offer' }).click()
      await waitForPath(page, '/items', 30_000)
    })

    const item = await senderItem(id)
    expect(item.request_status).toBeNull()
    expect(item.rejected_deliverer).toEqual([
      { id: deliverer.user.id, name: deliverer.user.name, reason },
    ])
    // The deliverer reads the reason on /rejected-requests.
    const { data } = await apiCall(server.baseURL, deliverer.token, 'GET', '/api/rejected-requests')
    const listed = data.items.find((i: { id: string }) => i.id === id)
    expect(listed?.rejected_deliverer[0]?.reason).toBe(reason)
    await withPage('deliverer', async (page) => {
      await page.goto('/deliverer-dashboard')
      await waitForPath(page, '/deliverer-dashboard')
      await page.goto('/rejected-requests')
      const entry = page.getByRole('listitem').filter({ hasText: name })
      await expect(entry.getByText(`Reason: ${reason}`)).toBeVisible()
    })
  })

  test('All items lists the item, links to Post new item and keeps a status filter on reload', () =>
    withPage('sender', async (page) => {
      expectPresent(itemId, 'the posting scenario did not create an item')
      await page.goto('/dashboard')
      await waitForPath(page, '/dashboard')
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'All items' })
        .click()
      await waitForPath(page, '/items')

      const main = page.getByRole('main')
      const postLink = main.getByRole('link', { name: 'Post new item' })
      await expect(postLink).toBeVisible()
      expect(new URL(String(await postLink.getAttribute('href')), server.baseURL).pathname).toBe(
        '/post-item',
      )
      await expect(page.getByRole('link', { name: ITEM_NAME })).toBeVisible()

      // Filter on a status the item does not have: it leaves the list, and the URL says so.
      await field(page, 'Status').selectOption({ label: 'Delivered' })
      await page.waitForURL((url) => url.searchParams.get('status') === 'delivered')
      await expect(page.getByRole('link', { name: ITEM_NAME })).toHaveCount(0)

      // Its own status brings it back; a reload keeps the filter and the list.
      await field(page, 'Status').selectOption({ label: 'Paid — awaiting pickup' })
      await page.waitForURL((url) => url.searchParams.get('status') === 'ready_to_pickup')
      await expect(page.getByRole('link', { name: ITEM_NAME })).toBeVisible()
      await page.reload()
      await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'ready_to_pickup')
      await expect(page.getByRole('link', { name: ITEM_NAME })).toBeVisible()
      await expect(field(page, 'Status')).toHaveValue('ready_to_pickup')
      const rows = page.getByRole('row').filter({ has: page.getByRole('cell') })
      await expect(rows, 'no rows after the reload').not.toHaveCount(0)
      for (const row of await rows.all()) {
        await expect(
          row.getByRole('cell').nth(2),
          'a row of another status under the filter',
        ).toHaveText('Paid — awaiting pickup')
      }
    }))
})

/** Types into the labelled place search and picks the gazetteer's suggestion. */
async function pickPlace(page: Page, label: string, text: string, suggestion: string | RegExp) {
  const box = page.getByRole('combobox', { name: new RegExp(`^\\s*${label}`) })
  await box.click()
  await box.pressSequentially(text, { delay: 30 })
  const option = page
    .getByRole('listbox', { name: `${label} suggestions` })
    .getByRole('option', { name: suggestion })
    .first()
  await expect(option).toBeVisible()
  await option.click()
  await expect(box).toHaveValue(suggestion)
  await expect(box).toHaveAttribute('aria-expanded', 'false')
}

/** The open 'Enter payment details' dialog, ready in test mode. */
async function paymentDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Enter payment details' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Test mode', { exact: true })).toBeVisible()
  await expect(dialog.getByText(`$${DELIVERER_PRICE}.00`, { exact: true })).toBeVisible()
  return dialog
}

async function payWith(dialog: Locator, cardNumber: string) {
  const expiry = new Date().getFullYear() + 3 - 2000
  await field(dialog, 'Card number').fill(cardNumber)
  await field(dialog, 'Expiry (MM/YY)').fill(`12/${expiry}`)
  await field(dialog, 'CVC').fill('123')
  await expect(field(dialog, 'Card number')).toHaveValue(cardNumber)
  await expect(field(dialog, 'Expiry (MM/YY)')).toHaveValue(`12/${expiry}`)
  await dialog.getByRole('button', { name: `Pay $${DELIVERER_PRICE}.00` }).click()
}

function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * 86_400_000)
}

/** The value a datetime-local input takes: local wall time without a zone, to the minute. */
function dateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`
}
