// Issue 5, browser scenario: an admin reviews a new item through the real UI (sending approval, a
// deliverer's proof of travel, an information request to that deliverer), the deliverer answers it
// with a message and a file on their item page, and the admin reads the answer and approves the
// delivery. Runs against the real server and built PWA; set-up that is not under test goes
// through the API.
//
// Order: docs/spec.md section 4 shows the deliverer's Respond button only while their own approval is
// pending, so the admin asks before approving the delivery (as a careful admin would) and the last
// step checks that Respond is gone once the delivery is approved.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { TINY_PDF, TINY_PNG, apiCall, apiLogin, apiMultipart } from './support/api'
import { field, logIn, openPage, waitForPath, type Session } from './support/browser'
import type { TestServer } from './support/server'
import { test } from './fixtures'

const TEST_TIMEOUT_MS = 100_000
const DELIVERER = 'Dana Deliverer'
const QUESTION = 'Please send a photo of your ticket.'
const ANSWER = 'Here is my train ticket, seat 42 in coach 7.'
const RESUBMITTED = '(Resubmitted with the return ticket.)'

test.describe('admin review of an item and an information request', () => {
  // One story told in steps: each test goes on from where the one before left the pages.
  test.describe.configure({ mode: 'serial', timeout: TEST_TIMEOUT_MS })
  let server: TestServer
  let admin: Session // one admin session for the whole scenario
  let deliverer: Session // and one deliverer session
  let files: string
  let item: { id: string; name: string }
  const itemName = `Admin e2e parcel ${Date.now()}`
  const reviewPath = () => `/sending-approval/item/${item.id}`

  test.beforeAll(async ({ fileServers, browser }, testInfo) => {
    testInfo.setTimeout(120_000)
    server = await fileServers.forFile(testInfo.file)
    files = mkdtempSync(join(tmpdir(), 'tote-admin-e2e-'))
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const created = await apiCall(server.baseURL, sender.token, 'POST', '/api/items', {
      name: itemName,
      category: 'documents',
      description: 'A folder of signed contracts.',
      quantity: 1,
      weight: 0.5,
      dimensions: { length: 30, width: 22, height: 3 },
      is_fragile: false,
      from_location: { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' },
      to_location: { lat: 48.137, lng: 11.575, address: 'Munich, Germany' },
      delivery_phone: '+49 30 1234567',
      delivery_address: 'Marienplatz 1, 80331 Munich',
      delivery_deadline: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      special_instructions: '',
      sender_price: 30,
    })
    item = created.data.item
    assert.ok(item?.id, `POST /api/items answered no item: ${JSON.stringify(created)}`)
    writeFileSync(join(files, 'ticket.png'), TINY_PNG)
    admin = await openPage(browser, server.baseURL)
    deliverer = await openPage(browser, server.baseURL)
  })
  test.afterAll(async () => {
    await admin?.context.close()
    await deliverer?.context.close()
    if (files) rmSync(files, { recursive: true, force: true })
  })

  /** Runs `fn` in the admin's page (`name` says which step it is). */
  const asAdmin = (_name: string, fn: (page: Page) => Promise<void>) => fn(admin.page)
  const asDeliverer = (_name: string, fn: (page: Page) => Promise<void>) => fn(deliverer.page)

  /** Fills and sends the open 'Respond to the admin' dialog with `message` and ticket.png. */
  async function answer(page: Page, message: string) {
    const dialog = page.getByRole('dialog', { name: 'Respond to the admin' })
    await field(dialog, 'Your response').fill(message)
    await dialog.getByLabel('Attach a file (optional)').setInputFiles(join(files, 'ticket.png'))
    await dialog.getByRole('button', { name: 'Send response' }).click()
    await page.getByText('Information sent successfully!').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
  }

  test('the admin finds the new item in the sending-approval queue and approves sending', () =>
    asAdmin('admin-approve-sending', async (page) => {
      await logIn(page, 'admin@example.com')
      await waitForPath(page, '/admin-dashboard')
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()

      const queue = page.getByRole('region', { name: 'Items awaiting sending approval' })
      await queue.getByRole('link', { name: itemName }).click()
      await waitForPath(page, reviewPath())
      await page.getByRole('heading', { name: `Sending Approval: ${itemName}` }).waitFor()

      const sending = section(page, 'Sending approval')
      await sending.getByText('Pending', { exact: true }).waitFor()
      await sending.getByRole('button', { name: 'Approve sending' }).click()
      const dialog = page.getByRole('dialog', { name: 'Approve sending' })
      await dialog.getByRole('button', { name: 'Approve sending' }).click()
      await dialog.waitFor({ state: 'detached' })
      await sending.getByText('Sending approved').waitFor()
      await sending.getByText('Approved', { exact: true }).waitFor()
      assert.ok(
        await sending.getByRole('button', { name: 'Approve sending' }).isDisabled(),
        'Approve sending is still enabled after approving',
      )

      // It left the queue: back on the dashboard it is no longer waiting.
      await page.getByRole('link', { name: 'Back to Items Management' }).click()
      await waitForPath(page, '/items-management')
      await page.goto('/admin-dashboard')
      await queue.getByRole('listitem').first().or(queue.getByText('Nothing waiting')).waitFor()
      // Allowing for a refresh of a cached list: it must be gone within the action timeout.
      await queue.getByRole('link', { name: itemName }).waitFor({ state: 'detached' })
    }))

  test("the admin views the deliverer's proof of travel and asks them for information", async () => {
    const { token } = await apiLogin(server.baseURL, 'deliverer@example.com')
    await apiMultipart(
      server.baseURL,
      token,
      '/api/request-item',
      { item_id: item.id, accept_privacy: 'true' },
      { proof_of_travel: { name: 'ticket.pdf', type: 'application/pdf', bytes: TINY_PDF } },
    )

    await asAdmin('admin-proof-and-ask', async (page) => {
      await page.goto(reviewPath())
      const requests = section(page, 'Delivery requests (1)')
      await requests.getByText(DELIVERER).waitFor()

      await requests.getByRole('button', { name: `View proof of travel of ${DELIVERER}` }).click()
      const viewer = page.getByRole('dialog', { name: `Proof of travel: ${DELIVERER}` })
      const frame = viewer.locator('iframe')
      await frame.waitFor()
      assert.match(String(await frame.getAttribute('src')), /^blob:/)
      assert.equal(await viewer.getByText(/failed|no proof of travel/i).count(), 0)
      // The viewer holds the very PDF the deliverer uploaded: download it as a user could.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        viewer.getByRole('link', { name: 'Download' }).click(),
      ])
      const saved = join(files, 'downloaded-proof.pdf')
      await download.saveAs(saved)
      assert.deepEqual(readFileSync(saved), TINY_PDF)
      await closeViewer(viewer)

      const info = section(page, 'Information requests')
      await info.getByText('No information requested yet').waitFor()
      await info.getByRole('button', { name: 'Ask for information' }).click()
      const ask = page.getByRole('dialog', { name: 'Ask for information' })
      await field(ask, 'Recipient').selectOption({ label: `Deliverer: ${DELIVERER}` })
      await field(ask, 'Description').fill(QUESTION)
      await ask.getByRole('button', { name: 'Send request' }).click()
      await ask.waitFor({ state: 'detached' })
      await info.getByText('Information request sent').waitFor()
      const asked = info.getByRole('listitem').filter({ hasText: QUESTION })
      await asked.getByText(`To Deliverer ${DELIVERER}`).waitFor()
      await asked.getByText('Awaiting response').waitFor()
    })
  })

  test('the proof-of-travel PDF renders in the viewer (not blocked by the page CSP)', () =>
    asAdmin('admin-pdf-renders', async (page) => {
      const seen = admin.problems.length
      await page.goto(reviewPath())
      await section(page, 'Delivery requests (1)')
        .getByRole('button', { name: `View proof of travel of ${DELIVERER}` })
        .click()
      const viewer = page.getByRole('dialog', { name: `Proof of travel: ${DELIVERER}` })
      const frame = await viewer.locator('iframe').elementHandle()
      const content = await frame.contentFrame()
      assert.ok(content, 'the viewer has no frame content')
      await content.waitForLoadState()
      const blocked = admin.problems.slice(seen).filter((p) => /Security Policy/.test(p))
      assert.deepEqual(blocked, [], 'the PDF frame was refused by the Content Security Policy')
      assert.match(content.url(), /^blob:/, `the PDF frame shows ${content.url()}`)
      await closeViewer(viewer)
    }))

  test("the deliverer sees 'Action Required' on the item and answers with a message and a PNG", () =>
    asDeliverer('deliverer-answers', async (page) => {
      await logIn(page, 'deliverer@example.com')
      await waitForPath(page, '/deliverer-dashboard')
      await page.goto(`/available-items/${item.id}`)
      await page.getByRole('heading', { name: itemName, level: 1 }).waitFor()

      const area = page.getByRole('region', { name: 'Admin information request' })
      await area.getByText(QUESTION).waitFor()
      await area.getByText('Action Required', { exact: true }).waitFor()
      await area.getByRole('button', { name: 'Respond', exact: true }).click()

      await answer(page, ANSWER)
      // The answer is kept: after a reload the area shows it as submitted.
      await page.reload()
      await area.getByText('Information Submitted', { exact: true }).waitFor()
      assert.equal(await area.getByText('Action Required', { exact: true }).count(), 0)
      await area.getByText(ANSWER).waitFor()
      await area.getByRole('button', { name: 'View your file' }).waitFor()
      // Still awaiting the delivery approval, so the answer can be replaced.
      await area.getByRole('button', { name: 'Resubmit Response' }).waitFor()
    }))

  test("the deliverer's item page shows a sent answer at once, without a reload", () =>
    asDeliverer('deliverer-answer-shows-at-once', async (page) => {
      const area = page.getByRole('region', { name: 'Admin information request' })
      await area.getByRole('button', { name: 'Resubmit Response' }).click()
      await answer(page, `${ANSWER} ${RESUBMITTED}`)
      await area.getByText(RESUBMITTED).waitFor({ timeout: 5_000 })
    }))

  test("the admin reads the answer and its image, then approves the deliverer's delivery", async () => {
    await asAdmin('admin-reads-answer', async (page) => {
      await page.reload()
      const info = section(page, 'Information requests')
      const asked = info.getByRole('listitem').filter({ hasText: QUESTION })
      await asked.getByText('Information Submitted', { exact: true }).waitFor()
      await asked.getByText(ANSWER).waitFor()
      assert.equal(await asked.getByText('Awaiting response').count(), 0)

      await asked.getByRole('button', { name: 'View answer file' }).click()
      const viewer = page.getByRole('dialog', { name: `Answer file from Deliverer ${DELIVERER}` })
      const image = viewer.getByRole('img', { name: `Answer file from Deliverer ${DELIVERER}` })
      await image.waitFor()
      await page.waitForFunction(
        (el) => (el as HTMLImageElement).complete,
        await image.elementHandle(),
      )
      const width = await image.evaluate((el) => (el as HTMLImageElement).naturalWidth)
      assert.equal(width, 1, 'the answer image did not decode (naturalWidth)')
      assert.equal(await viewer.getByText(/failed/i).count(), 0)
      await closeViewer(viewer)

      const requests = section(page, 'Delivery requests (1)')
      await requests.getByRole('button', { name: `Approve delivery by ${DELIVERER}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Approve delivery' })
      await dialog.getByRole('button', { name: 'Approve delivery' }).click()
      await dialog.waitFor({ state: 'detached' })
      await requests.getByText('Delivery approved').waitFor()
      assert.ok(
        await requests
          .getByRole('button', { name: `Approve delivery by ${DELIVERER}` })
          .isDisabled(),
        'Approve delivery is still enabled after approving',
      )
    })

    // docs/spec.md section 4: with the delivery approved the deliverer can no longer respond.
    await asDeliverer('deliverer-after-approval', async (page) => {
      await page.reload()
      const area = page.getByRole('region', { name: 'Admin information request' })
      await area.getByText('Information Submitted', { exact: true }).waitFor()
      await area.getByText(ANSWER).waitFor()
      assert.equal(await area.getByRole('button', { name: /Respond/ }).count(), 0)
    })
  })
})

/** Closes a document viewer with its footer's Close button (the corner X is also named Close). */
async function closeViewer(viewer: Locator) {
  await viewer.getByRole('button', { name: 'Close', exact: true }).last().click()
  await viewer.waitFor({ state: 'detached' })
}

/** A SectionCard of the review page: a region named by its heading. */
function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true })
}
