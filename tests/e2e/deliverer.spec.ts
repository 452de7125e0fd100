// Browser scenario: a deliverer finds an item along their route through the place search,
// opens it, is refused a wrong travel document, uploads a PDF, consents to the terms and requests
// it; the request reaches the server once. Also the deliverer dashboard's four counters.
// Runs against the real server and built PWA.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { apiCall, apiLogin, TINY_PDF, type Session } from './support/api'
import { waitForPath } from './support/browser'
import type { TestServer } from './support/server'
import { expect, expectPresent, test } from './fixtures'

const CHOOSE_PROMPT = 'Please select your destination and current location to see available items.'
const TRAVEL_PROOF = /^Proof of travel/

type Item = { id: string; name: string }

test.describe('the deliverer requests an item along their route', () => {
  // The request of the second test is what the third one finds.
  test.describe.configure({ mode: 'serial' })
  let server: TestServer
  let files: string
  let item: Item
  let deliverer: Session

  test.beforeAll(async ({ fileServers }, testInfo) => {
    testInfo.setTimeout(120_000)
    server = await fileServers.forFile(testInfo.file)
    files = mkdtempSync(join(tmpdir(), 'tote-e2e-deliverer-'))

    // A fresh item with a unique name, Berlin -> Munich, approved for sending by the admin.
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const deadline = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString()
    const created = await apiCall(server.baseURL, sender.token, 'POST', '/api/items', {
      name: `Rare vinyl ${Date.now()}`,
      category: 'other',
      description: 'A first pressing in a padded sleeve.',
      quantity: 1,
      weight: 0.5,
      dimensions: { length: 32, width: 32, height: 2 },
      is_fragile: true,
      from_location: { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' },
      to_location: { lat: 48.137, lng: 11.575, address: 'Munich, Germany' },
      delivery_phone: '+49 30 1234567',
      delivery_address: 'Marienplatz 1, Munich',
      delivery_deadline: deadline,
      special_instructions: 'Keep it flat.',
      sender_price: 30,
    })
    item = created.data.item
    const admin = await apiLogin(server.baseURL, 'admin@example.com')
    await apiCall(server.baseURL, admin.token, 'POST', '/api/admin/sending-approval', {
      item_id: item.id,
      decision: 'approved',
    })
    deliverer = await apiLogin(server.baseURL, 'deliverer@example.com')
  })

  test.afterAll(() => {
    if (files) rmSync(files, { recursive: true, force: true })
  })

  test('the dashboard shows the four counters', async ({ delivererPage: page }) => {
    await page.goto('/deliverer-dashboard')
    await expect(page.getByRole('heading', { name: 'Deliverer dashboard' })).toBeVisible()

    const { data: stats } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      '/api/deliverer-stats',
    )
    const stat = page.getByRole('region', { name: 'Statistics' })
    for (const [label, key] of [
      ['Available items', 'available_items'],
      ['Paid — awaiting pickup', 'ready_to_pickup_items'],
      ['On its way', 'in_process_items'],
      ['Delivered', 'delivered_items'],
    ] as const) {
      const counter = stat.locator('dl', { has: page.getByText(label, { exact: true }) })
      await expect(counter.getByText(String(stats[key]), { exact: true })).toBeVisible()
    }
    // The seed and the fresh item make at least one item available; the counter shows it.
    expect(stats.available_items, 'no available items counted for the deliverer').toBeGreaterThan(0)
    // The demo seed starts the deliverer with two deliveries under way: both are listed, and
    // View opens its delivery page.
    const { data: mine } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      '/api/my-deliveries',
    )
    const current = (mine.items as (Item & { status: string })[]).filter((i) =>
      ['ready_to_pickup', 'in_process'].includes(i.status),
    )
    expect(current, 'the seed should give two deliveries under way').toHaveLength(2)
    const first = current[0]
    expectPresent(first)
    const list = page.getByRole('region', { name: 'Current deliveries' })
    for (const i of current)
      await expect(list.getByRole('link', { name: `View ${i.name}` })).toBeVisible()
    await list.getByRole('link', { name: `View ${first.name}` }).click()
    await waitForPath(page, `/my-deliveries/${first.id}`)
    await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible()
  })

  test('finds the item by origin and destination, is refused a .txt, requests it with a PDF', async ({
    delivererPage: page,
  }) => {
    await page.goto('/deliverer-dashboard')
    await waitForPath(page, '/deliverer-dashboard')

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Available items' })
      .click()
    await waitForPath(page, '/available-items')
    await expect(page.getByRole('heading', { name: 'Available items' })).toBeVisible()
    // Never an empty start (issue 29 part 4): the route of the demo deliverer's next saved trip.
    await expect(page.getByRole('combobox', { name: 'Current location' })).toHaveValue(
      'Boston, MA, USA',
    )
    await expect(page.getByText(/Saved as your trip “East Coast run”/)).toBeVisible()
    await expect(page.getByText(CHOOSE_PROMPT)).toHaveCount(0)

    await pickPlace(page, 'Current location', 'Berlin', /^Berlin, Germany$/)
    await pickPlace(page, 'Destination', 'Munich', /^Munich\b.*Germany$/)
    await expect(page.getByText(CHOOSE_PROMPT)).toHaveCount(0)

    const card = page.getByRole('article', { name: item.name })
    await expect(card).toBeVisible()
    await expect(card.getByText('Berlin, Germany → Munich, Germany')).toBeVisible()
    const cardRequest = card.getByRole('button', { name: 'Request to deliver' })
    await expect(cardRequest, "the card's 'Request to deliver' is disabled").toBeEnabled()

    await card.getByRole('link', { name: 'View details' }).click()
    await waitForPath(page, `/available-items/${item.id}`)
    await expect(page.getByRole('heading', { name: item.name, level: 1 })).toBeVisible()
    await expect(page.getByText('Status: Open for offers', { exact: true })).toBeVisible()
    await expect(page.getByText('Fragile', { exact: true })).toBeVisible()
    await expect(page.getByText('Keep it flat.')).toBeVisible()

    const upload = page.getByLabel(TRAVEL_PROOF)
    const waiting = page.getByRole('button', { name: 'Upload travel document to request' })
    await expect(waiting).toBeVisible()
    await expect(waiting, 'the request button is enabled without a file').toBeDisabled()

    const txt = join(files, 'notes.txt')
    writeFileSync(txt, 'not a ticket')
    await upload.setInputFiles(txt)
    await expect(
      page.getByText('Invalid file type. Please upload a PDF, JPEG, or PNG file.', {
        exact: true,
      }),
    ).toBeVisible()
    await expect(waiting, 'the request button is enabled after a .txt file').toBeDisabled()

    const pdf = join(files, 'ticket.pdf')
    writeFileSync(pdf, TINY_PDF)
    await upload.setInputFiles(pdf)
    const request = page.getByRole('button', { name: 'Request to deliver', exact: true })
    await expect(request).toBeVisible()
    await expect(request, "'Request to deliver' is disabled with a PDF chosen").toBeEnabled()
    await expect(
      page.getByText('Invalid file type', { exact: false }),
      'the file-type error stays after a valid PDF',
    ).toHaveCount(0)

    await request.click()
    const consent = page.getByRole('dialog', { name: 'Terms and conditions' })
    await expect(consent).toBeVisible()
    for (const title of [
      'Carrying items safely',
      'Lawful contents',
      'Privacy of travel documents',
    ]) {
      await expect(consent.getByRole('heading', { name: title })).toBeVisible()
    }
    // The sender's terms are not the deliverer's to accept.
    await expect(consent.getByText('Accurate description')).toHaveCount(0)
    await consent.getByRole('button', { name: 'Accept' }).click()

    await expect(page.getByText('Request sent successfully!')).toBeVisible()
    await waitForPath(page, '/available-items')
    await expect(consent).toHaveCount(0)
    // Back on the list with the route chosen there, the card now says it is requested.
    await expect(page.getByRole('heading', { name: 'Available items' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Current location' })).toHaveValue(
      /^Berlin, Germany$/,
    )
    const requestedCard = card.getByRole('button', { name: 'Requested', exact: true })
    await expect(requestedCard).toBeVisible()
    await expect(requestedCard, "the card's 'Requested' is enabled").toBeDisabled()

    // Reopened from its card, the item says it is requested and no longer offers the upload.
    await card.getByRole('link', { name: 'View details' }).click()
    await waitForPath(page, `/available-items/${item.id}`)
    await expect(page.getByRole('heading', { name: item.name, level: 1 })).toBeVisible()
    const requested = page.getByRole('button', { name: 'Requested', exact: true })
    await expect(requested).toBeVisible()
    await expect(requested, "'Requested' is enabled").toBeDisabled()
    await expect(page.getByLabel(TRAVEL_PROOF), 'the upload is still shown').toHaveCount(0)

    // Exactly one request reached the server, with the PDF and the sender's price.
    const { data: seen } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      `/api/item/${item.id}`,
    )
    expect(seen.requested_by).toEqual([deliverer.user.id])
    const admin = await apiLogin(server.baseURL, 'admin@example.com')
    const { data: full } = await apiCall(
      server.baseURL,
      admin.token,
      'GET',
      `/api/admin/items/${item.id}`,
    )
    expect(full.requests, JSON.stringify(full.requests)).toHaveLength(1)
    const [only] = full.requests
    expect(only.deliverer.id).toBe(deliverer.user.id)
    expect(only.deliverer_price).toBe(30)
    expect(only.accept_privacy).toBe(true)
    expect(only.proof_of_travel, 'the request has no proof of travel').toBeTruthy()
  })

  test('sees the delivery address only once accepted, then confirms the pickup on the delivery page', async ({
    delivererPage: page,
  }) => {
    await page.goto('/deliverer-dashboard')
    await waitForPath(page, '/deliverer-dashboard')

    // Requested but not accepted: neither the page nor the API tells where it goes.
    await page.goto(`${server.baseURL}/available-items/${item.id}`)
    await expect(page.getByRole('heading', { name: item.name, level: 1 })).toBeVisible()
    await expect(page.getByText('Marienplatz 1, Munich')).toHaveCount(0)
    await expect(page.getByText('+49 30 1234567')).toHaveCount(0)
    const { data: before } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      `/api/item/${item.id}`,
    )
    expect(before.delivery_address).toBeNull()
    expect(before.delivery_phone).toBeNull()

    // Accepted and paid (the seed's delivery ready to pick up): the job page shows it all.
    const { data: mine } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      '/api/my-deliveries',
    )
    const ready = (
      mine.items as (Item & { status: string; delivery_address: string; delivery_phone: string })[]
    ).find((i) => i.status === 'ready_to_pickup')
    expectPresent(ready?.delivery_address, 'the seed has no accepted delivery with an address')
    await page.goto(`${server.baseURL}/my-deliveries/${ready.id}`)
    const job = page.getByRole('region', { name: 'Your delivery' })
    await expect(job.getByText(ready.delivery_address, { exact: true })).toBeVisible()
    await expect(job.getByRole('link', { name: ready.delivery_phone })).toBeVisible()
    await expect(page.getByRole('region', { name: `Route of ${ready.name}` })).toBeVisible()

    // The pickup is confirmed with the sender's code (decision 036), pasted here.
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const { data: codes } = await apiCall(
      server.baseURL,
      sender.token,
      'GET',
      `/api/items/${ready.id}/handoff-codes`,
    )
    await page.getByRole('button', { name: 'Confirm pickup' }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm pickup' })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toHaveCount(0)
    const { data: still } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      `/api/item/${ready.id}`,
    )
    expect(still.status, 'Cancel changed the status').toBe('ready_to_pickup')

    await page.getByRole('button', { name: 'Confirm pickup' }).click()
    await confirm.getByLabel(/^Handoff code/).fill(codes.pickup.code)
    await confirm.getByRole('button', { name: 'Confirm pickup' }).click()
    await expect(page.getByText('Status: On its way', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Confirm delivery' })).toBeVisible()
  })
})

/** Types into the labelled place search and chooses the suggestion that matches `option`. */
async function pickPlace(page: Page, label: string, text: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label })
  await box.fill(text)
  const choice = page.getByRole('listbox', { name: `${label} suggestions` }).getByRole('option', {
    name: option,
  })
  await choice.first().click()
  await expect(page.getByRole('listbox', { name: `${label} suggestions` })).toBeHidden()
  await expect(box).toHaveValue(option)
}
