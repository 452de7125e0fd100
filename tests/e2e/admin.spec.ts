// Browser scenario (decision 004): an admin reviews a new item through the real UI (sending approval, a
// deliverer's proof of travel, an information request to that deliverer), the deliverer answers it
// with a message and a file on their item page, and the admin reads the answer and approves the
// delivery. Runs against the real server and built PWA; set-up that is not under test goes
// through the API.
//
// Order: docs/spec.md section 4 shows the deliverer's Respond button only while their own approval is
// pending, so the admin asks before approving the delivery (as a careful admin would) and the last
// step checks that Respond is gone once the delivery is approved.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { TINY_PDF, TINY_PNG, apiCall, apiLogin, apiMultipart } from './support/api'
import { field, logIn, openPage, waitForPath, type Session } from './support/browser'
import type { TestServer } from './support/server'
import { expect, test } from './fixtures'

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
    expect(item?.id, `POST /api/items answered no item: ${JSON.stringify(created)}`).toBeTruthy()
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
    await expect(page.getByText('Information sent successfully!').first()).toBeVisible()
    await expect(dialog).toHaveCount(0)
  }

  test('the admin finds the new item in the sending-approval queue and approves sending', () =>
    asAdmin('admin-approve-sending', async (page) => {
      await logIn(page, 'admin@example.com')
      await waitForPath(page, '/admin-dashboard')
      await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible()

      const queue = page.getByRole('region', { name: 'Items awaiting review' })
      await queue.getByRole('link', { name: itemName }).click()
      await waitForPath(page, reviewPath())
      await expect(
        page.getByRole('heading', { name: `Sending approval: ${itemName}` }),
      ).toBeVisible()

      const sending = section(page, 'Sending approval')
      await expect(sending.getByText('Awaiting review', { exact: true })).toBeVisible()
      await sending.getByRole('button', { name: 'Approve sending' }).click()
      const dialog = page.getByRole('dialog', { name: 'Approve sending' })
      await dialog.getByRole('button', { name: 'Approve sending' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(sending.getByText('Sending approved')).toBeVisible()
      await expect(sending.getByText('Approved', { exact: true })).toBeVisible()
      await expect(
        sending.getByRole('button', { name: 'Approve sending' }),
        'Approve sending is still enabled after approving',
      ).toBeDisabled()

      // It left the queue: back on the dashboard it is no longer waiting.
      await page.getByRole('link', { name: 'Back to items management' }).click()
      await waitForPath(page, '/items-management')
      await page.goto('/admin-dashboard')
      await expect(
        queue.getByRole('listitem').first().or(queue.getByText('Nothing waiting')),
      ).toBeVisible()
      // Allowing for a refresh of a cached list: it must be gone within the action timeout.
      await expect(queue.getByRole('link', { name: itemName })).toHaveCount(0)
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
      await expect(requests.getByText(DELIVERER)).toBeVisible()

      await requests.getByRole('button', { name: `View proof of travel of ${DELIVERER}` }).click()
      const viewer = page.getByRole('dialog', { name: `Proof of travel: ${DELIVERER}` })
      const frame = viewer.locator('iframe')
      await expect(frame).toBeVisible()
      await expect(frame).toHaveAttribute('src', /^blob:/)
      await expect(viewer.getByText(/failed|no proof of travel/i)).toHaveCount(0)
      // The viewer holds the very PDF the deliverer uploaded: download it as a user could.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        viewer.getByRole('link', { name: 'Download' }).click(),
      ])
      const saved = join(files, 'downloaded-proof.pdf')
      await download.saveAs(saved)
      expect(readFileSync(saved)).toEqual(TINY_PDF)
      await closeViewer(viewer)

      const info = section(page, 'Information requests')
      await expect(info.getByText('No information requested yet')).toBeVisible()
      await info.getByRole('button', { name: 'Ask for information' }).click()
      const ask = page.getByRole('dialog', { name: 'Ask for information' })
      await field(ask, 'Recipient').selectOption({ label: `Deliverer: ${DELIVERER}` })
      await field(ask, 'Description').fill(QUESTION)
      await ask.getByRole('button', { name: 'Send request' }).click()
      await expect(ask).toHaveCount(0)
      await expect(info.getByText('Information request sent')).toBeVisible()
      const asked = info.getByRole('listitem').filter({ hasText: QUESTION })
      await expect(asked.getByText(`To Deliverer ${DELIVERER}`)).toBeVisible()
      await expect(asked.getByText('Awaiting response')).toBeVisible()
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
      await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/)
      // A frame the page's CSP refuses shows an error page instead of the blob it was given.
      const pdfFrame = () => page.frame({ url: /^blob:/ })
      await expect
        .poll(() => pdfFrame()?.url(), 'the viewer frame does not show the PDF blob')
        .toMatch(/^blob:/)
      await pdfFrame()?.waitForLoadState()
      const blocked = admin.problems.slice(seen).filter((p) => /Security Policy/.test(p))
      expect(blocked, 'the PDF frame was refused by the Content Security Policy').toEqual([])
      await closeViewer(viewer)
    }))

  test("the deliverer sees 'Action required' on the item and answers with a message and a PNG", () =>
    asDeliverer('deliverer-answers', async (page) => {
      await logIn(page, 'deliverer@example.com')
      await waitForPath(page, '/deliverer-dashboard')
      await page.goto(`/available-items/${item.id}`)
      await expect(page.getByRole('heading', { name: itemName, level: 1 })).toBeVisible()

      const area = page.getByRole('region', { name: 'Admin information request' })
      await expect(area.getByText(QUESTION)).toBeVisible()
      await expect(area.getByText('Action required', { exact: true })).toBeVisible()
      await area.getByRole('button', { name: 'Respond', exact: true }).click()

      await answer(page, ANSWER)
      // The answer is kept: after a reload the area shows it as submitted.
      await page.reload()
      await expect(area.getByText('Information submitted', { exact: true })).toBeVisible()
      await expect(area.getByText('Action required', { exact: true })).toHaveCount(0)
      await expect(area.getByText(ANSWER)).toBeVisible()
      await expect(area.getByRole('button', { name: 'View your file' })).toBeVisible()
      // Still awaiting the delivery approval, so the answer can be replaced.
      await expect(area.getByRole('button', { name: 'Resubmit response' })).toBeVisible()
    }))

  test("the deliverer's item page shows a sent answer at once, without a reload", () =>
    asDeliverer('deliverer-answer-shows-at-once', async (page) => {
      const area = page.getByRole('region', { name: 'Admin information request' })
      await area.getByRole('button', { name: 'Resubmit response' }).click()
      await answer(page, `${ANSWER} ${RESUBMITTED}`)
      await expect(area.getByText(RESUBMITTED)).toBeVisible({ timeout: 5_000 })
    }))

  test("the admin reads the answer and its image, then approves the deliverer's delivery", async () => {
    await asAdmin('admin-reads-answer', async (page) => {
      await page.reload()
      const info = section(page, 'Information requests')
      const asked = info.getByRole('listitem').filter({ hasText: QUESTION })
      await expect(asked.getByText('Information submitted', { exact: true })).toBeVisible()
      await expect(asked.getByText(ANSWER)).toBeVisible()
      await expect(asked.getByText('Awaiting response')).toHaveCount(0)

      await asked.getByRole('button', { name: 'View answer file' }).click()
      const viewer = page.getByRole('dialog', { name: `Answer file from Deliverer ${DELIVERER}` })
      const image = viewer.getByRole('img', { name: `Answer file from Deliverer ${DELIVERER}` })
      await expect(image).toBeVisible()
      // Once loaded, the 1 px PNG decodes to its natural width.
      await expect
        .poll(
          () =>
            image.evaluate((el) => {
              const img = el as HTMLImageElement
              return img.complete ? img.naturalWidth : 'loading'
            }),
          'the answer image did not decode (naturalWidth)',
        )
        .toBe(1)
      await expect(viewer.getByText(/failed/i)).toHaveCount(0)
      await closeViewer(viewer)

      const requests = section(page, 'Delivery requests (1)')
      await requests.getByRole('button', { name: `Approve delivery by ${DELIVERER}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Approve delivery' })
      await dialog.getByRole('button', { name: 'Approve delivery' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(requests.getByText('Delivery approved')).toBeVisible()
      await expect(
        requests.getByRole('button', { name: `Approve delivery by ${DELIVERER}` }),
        'Approve delivery is still enabled after approving',
      ).toBeDisabled()
    })

    // docs/spec.md section 4: with the delivery approved the deliverer can no longer respond.
    await asDeliverer('deliverer-after-approval', async (page) => {
      await page.reload()
      const area = page.getByRole('region', { name: 'Admin information request' })
      await expect(area.getByText('Information submitted', { exact: true })).toBeVisible()
      await expect(area.getByText(ANSWER)).toBeVisible()
      await expect(area.getByRole('button', { name: /Respond/ })).toHaveCount(0)
    })
  })
})

/** Closes a document viewer with its footer's Close button (the corner X is also named Close). */
async function closeViewer(viewer: Locator) {
  await viewer.getByRole('button', { name: 'Close', exact: true }).last().click()
  await expect(viewer).toHaveCount(0)
}

/** A SectionCard of the review page: a region named by its heading. */
function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true })
}
