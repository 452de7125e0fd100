// Issue 4, browser scenario: a deliverer finds an item along their route through the place search,
// opens it, is refused a wrong travel document, uploads a PDF, consents to the terms and requests
// it; the request reaches the server once. Also the deliverer dashboard's four counters.
// Runs against the real server and built PWA.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { apiCall, apiLogin, TINY_PDF, type Session } from './support/api'
import { waitForPath } from './support/browser'
import type { TestServer } from './support/server'
import { test } from './fixtures'

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
    await page.getByRole('heading', { name: 'Traveler Dashboard' }).waitFor()

    const { data: stats } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      '/api/deliverer-stats',
    )
    const stat = page.getByRole('region', { name: 'Statistics' })
    for (const [label, key] of [
      ['Available Items', 'available_items'],
      ['Ready to Pick Up', 'ready_to_pickup_items'],
      ['In Process', 'in_process_items'],
      ['Delivered', 'delivered_items'],
    ] as const) {
      const counter = stat.locator('dl', { has: page.getByText(label, { exact: true }) })
      await counter.getByText(String(stats[key]), { exact: true }).waitFor()
    }
    // The seed and the fresh item make at least one item available; the counter shows it.
    assert.ok(stats.available_items > 0, 'no available items counted for the deliverer')
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
    assert.equal(current.length, 2, 'the seed should give two deliveries under way')
    const first = current[0]
    assert.ok(first)
    const list = page.getByRole('region', { name: 'Current Deliveries' })
    for (const i of current) await list.getByRole('link', { name: `View ${i.name}` }).waitFor()
    await list.getByRole('link', { name: `View ${first.name}` }).click()
    await waitForPath(page, `/my-deliveries/${first.id}`)
    await page.getByRole('heading', { name: first.name, level: 1 }).waitFor()
  })

  test('finds the item by origin and destination, is refused a .txt, requests it with a PDF', async ({
    delivererPage: page,
  }) => {
    await page.goto('/deliverer-dashboard')
    await waitForPath(page, '/deliverer-dashboard')

    await page.getByRole('link', { name: 'Available Items' }).click()
    await waitForPath(page, '/available-items')
    await page.getByRole('heading', { name: 'Available Items' }).waitFor()
    await page.getByText(CHOOSE_PROMPT).waitFor()

    await pickPlace(page, 'Current location', 'Berlin', /^Berlin, Germany$/)
    // One place is not enough: the prompt stays until both are chosen.
    assert.ok(await page.getByText(CHOOSE_PROMPT).isVisible(), 'prompt gone after one place')
    await pickPlace(page, 'Destination', 'Munich', /^Munich\b.*Germany$/)
    await page.getByText(CHOOSE_PROMPT).waitFor({ state: 'detached' })

    const card = page.getByRole('article', { name: item.name })
    await card.waitFor()
    await card.getByText('Berlin, Germany → Munich, Germany').waitFor()
    const cardRequest = card.getByRole('button', { name: 'Request to Deliver' })
    assert.ok(await cardRequest.isEnabled(), "the card's 'Request to Deliver' is disabled")

    await card.getByRole('link', { name: 'View details' }).click()
    await waitForPath(page, `/available-items/${item.id}`)
    await page.getByRole('heading', { name: item.name, level: 1 }).waitFor()
    await page.getByText('Status: Pending', { exact: true }).waitFor()
    await page.getByText('Fragile', { exact: true }).waitFor()
    await page.getByText('Keep it flat.').waitFor()

    const upload = page.getByLabel(TRAVEL_PROOF)
    const waiting = page.getByRole('button', { name: 'Upload Travel Document to Request' })
    await waiting.waitFor()
    assert.ok(await waiting.isDisabled(), 'the request button is enabled without a file')

    const txt = join(files, 'notes.txt')
    writeFileSync(txt, 'not a ticket')
    await upload.setInputFiles(txt)
    await page
      .getByText('Invalid file type. Please upload a PDF, JPEG, or PNG file.', {
        exact: true,
      })
      .waitFor()
    assert.ok(await waiting.isDisabled(), 'the request button is enabled after a .txt file')

    const pdf = join(files, 'ticket.pdf')
    writeFileSync(pdf, TINY_PDF)
    await upload.setInputFiles(pdf)
    const request = page.getByRole('button', { name: 'Request to Deliver', exact: true })
    await request.waitFor()
    assert.ok(await request.isEnabled(), "'Request to Deliver' is disabled with a PDF chosen")
    assert.equal(
      await page.getByText('Invalid file type', { exact: false }).count(),
      0,
      'the file-type error stays after a valid PDF',
    )

    await request.click()
    const consent = page.getByRole('dialog', { name: 'Terms and Conditions' })
    await consent.waitFor()
    for (const title of [
      'Carrying items safely',
      'Lawful contents',
      'Privacy of travel documents',
    ]) {
      await consent.getByRole('heading', { name: title }).waitFor()
    }
    // The sender's terms are not the deliverer's to accept.
    assert.equal(await consent.getByText('Accurate description').count(), 0)
    await consent.getByRole('button', { name: 'Accept' }).click()

    await page.getByText('Request sent successfully!').waitFor()
    await waitForPath(page, '/available-items')
    await consent.waitFor({ state: 'detached' })
    // Back on the list with the route chosen there, the card now says it is requested.
    await page.getByRole('heading', { name: 'Available Items' }).waitFor()
    assert.match(
      await page.getByRole('combobox', { name: 'Current location' }).inputValue(),
      /^Berlin, Germany$/,
    )
    const requestedCard = card.getByRole('button', { name: 'Requested', exact: true })
    await requestedCard.waitFor()
    assert.ok(await requestedCard.isDisabled(), "the card's 'Requested' is enabled")

    // Reopened from its card, the item says it is requested and no longer offers the upload.
    await card.getByRole('link', { name: 'View details' }).click()
    await waitForPath(page, `/available-items/${item.id}`)
    await page.getByRole('heading', { name: item.name, level: 1 }).waitFor()
    const requested = page.getByRole('button', { name: 'Requested', exact: true })
    await requested.waitFor()
    assert.ok(await requested.isDisabled(), "'Requested' is enabled")
    assert.equal(await page.getByLabel(TRAVEL_PROOF).count(), 0, 'the upload is still shown')

    // Exactly one request reached the server, with the PDF and the sender's price.
    const { data: seen } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      `/api/item/${item.id}`,
    )
    assert.deepEqual(seen.requested_by, [deliverer.user.id])
    const admin = await apiLogin(server.baseURL, 'admin@example.com')
    const { data: full } = await apiCall(
      server.baseURL,
      admin.token,
      'GET',
      `/api/admin/items/${item.id}`,
    )
    assert.equal(full.requests.length, 1, JSON.stringify(full.requests))
    const [only] = full.requests
    assert.equal(only.deliverer.id, deliverer.user.id)
    assert.equal(only.deliverer_price, 30)
    assert.equal(only.accept_privacy, true)
    assert.ok(only.proof_of_travel, 'the request has no proof of travel')
  })

  test('sees the delivery address only once accepted, then confirms the pickup on the delivery page', async ({
    delivererPage: page,
  }) => {
    await page.goto('/deliverer-dashboard')
    await waitForPath(page, '/deliverer-dashboard')

    // Requested but not accepted: neither the page nor the API tells where it goes.
    await page.goto(`${server.baseURL}/available-items/${item.id}`)
    await page.getByRole('heading', { name: item.name, level: 1 }).waitFor()
    assert.equal(await page.getByText('Marienplatz 1, Munich').count(), 0)
    assert.equal(await page.getByText('+49 30 1234567').count(), 0)
    const { data: before } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      `/api/item/${item.id}`,
    )
    assert.equal(before.delivery_address, null)
    assert.equal(before.delivery_phone, null)

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
    assert.ok(ready?.delivery_address, 'the seed has no accepted delivery with an address')
    await page.goto(`${server.baseURL}/my-deliveries/${ready.id}`)
    const job = page.getByRole('region', { name: 'Your delivery' })
    await job.getByText(ready.delivery_address, { exact: true }).waitFor()
    await job.getByRole('link', { name: ready.delivery_phone }).waitFor()
    await page.getByRole('region', { name: `Route of ${ready.name}` }).waitFor()

    await page.getByRole('button', { name: 'Mark picked up' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Confirm pickup' })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    const { data: still } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      `/api/item/${ready.id}`,
    )
    assert.equal(still.status, 'ready_to_pickup', 'Cancel changed the status')

    await page.getByRole('button', { name: 'Mark picked up' }).click()
    await confirm.getByRole('button', { name: 'Yes, picked up' }).click()
    await page.getByText('Status: In process', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Mark delivered' }).waitFor()
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
  await page.getByRole('listbox', { name: `${label} suggestions` }).waitFor({ state: 'hidden' })
  assert.match(await box.inputValue(), option)
}
