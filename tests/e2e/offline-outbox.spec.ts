// Through the UI (decision 005) as a person would: changes made offline (an information reply
// with a PNG, a request to deliver with a PDF) are kept on the device as 'Queued', survive a
// reload and a closed tab, and are sent exactly once when the network is back; a change the
// server refuses stays in the outbox as failed with the server's message until it is discarded.
// The built app with its real service worker, in Debian's Chromium.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import {
  apiCall,
  apiLogin,
  apiMultipart,
  postApprovedItem,
  setSendingApproval,
  TINY_PDF,
  TINY_PNG,
  type Session as ApiSession,
} from './support/api'
import { field, logIn, openPage, waitForPath, type Session } from './support/browser'
import {
  DELIVERER,
  deviceRows,
  expectSavedForOffline,
  openItem,
  QUEUED_TOAST,
  REPLAY_WAIT_MS,
  requestToDeliver,
} from './support/outbox-ui'
import type { TestServer } from './support/server'
import { expect, test } from './fixtures'

const QUESTION = 'Which train are you taking?'
const ANSWER = 'The ICE 597 on Friday, ticket attached.'

type Item = { id: string; name: string }

test.describe('offline outbox through the UI', () => {
  // One device in steps: each test goes on from where the one before left it.
  test.describe.configure({ mode: 'serial' })
  let server: TestServer
  let files: string
  let admin: ApiSession
  let session: Session // one deliverer context for the whole scenario (its storage is the device)
  const stamp = Date.now()
  const items = {} as Record<'a' | 'c' | 'd', Item>

  const postItem = (sender: ApiSession, name: string) =>
    postApprovedItem(server.baseURL, sender.token, admin.token, name)

  async function adminItem(id: string) {
    const { data } = await apiCall(server.baseURL, admin.token, 'GET', `/api/admin/items/${id}`)
    return data
  }

  test.beforeAll(async ({ fileServers, browser }, testInfo) => {
    testInfo.setTimeout(120_000)
    server = await fileServers.forFile(testInfo.file)
    files = mkdtempSync(join(tmpdir(), 'tote-e2e-outbox-'))
    writeFileSync(join(files, 'ticket.png'), TINY_PNG)
    writeFileSync(join(files, 'ticket.pdf'), TINY_PDF)

    admin = await apiLogin(server.baseURL, 'admin@example.com')
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    items.a = await postItem(sender, `Offline request ${stamp}`)
    items.c = await postItem(sender, `Offline reply ${stamp}`)
    items.d = await postItem(sender, `Offline refused ${stamp}`)

    // The deliverer has requested C, and the admin asks them something about it.
    const deliverer = await apiLogin(server.baseURL, DELIVERER)
    await apiMultipart(
      server.baseURL,
      deliverer.token,
      '/api/request-item',
      { item_id: items.c.id, accept_privacy: 'true' },
      { proof_of_travel: { name: 'ticket.pdf', type: 'application/pdf', bytes: TINY_PDF } },
    )
    await apiMultipart(server.baseURL, admin.token, '/api/admin/request-further-info', {
      item_id: items.c.id,
      to: 'deliverer',
      deliverer_id: deliverer.user.id,
      description: QUESTION,
    })

    session = await openPage(browser, server.baseURL)
  })

  test.afterAll(async () => {
    await session?.context.close()
    if (files) rmSync(files, { recursive: true, force: true })
  })

  /** Runs one step in the deliverer's page (`name` says which). */
  const step = (_name: string, fn: (page: Page, context: BrowserContext) => Promise<void>) =>
    fn(session.page, session.context)

  /** The sidebar's 'Queued' button with its count. */
  const queuedButton = (page: Page, count: number) =>
    page.getByRole('button', {
      name: `Queued: ${count} unsent change${count === 1 ? '' : 's'}`,
      exact: true,
    })

  test('1. online, the deliverer opens the pages they will need', () => {
    test.setTimeout(60_000)
    return step('outbox-visit-online', async (page) => {
      await logIn(page, DELIVERER)
      await waitForPath(page, '/deliverer-dashboard')
      await expect(
        page.getByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
      ).toBeVisible()
      // The worker's precache is what serves the app shell and its lazy chunks offline.
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
        timeout: 20_000,
      })
      // Saved reads are written as they arrive: the next step goes offline once all three are.
      await openItem(page, items.a)
      await expect(
        page.getByRole('button', { name: 'Upload travel document to request' }),
      ).toBeVisible()
      await openItem(page, items.d)
      await openItem(page, items.c)
      const area = page.getByRole('region', { name: 'Admin information request' })
      await expect(area.getByText(QUESTION)).toBeVisible()
      await expect(area.getByText('Action required', { exact: true })).toBeVisible()
      // Nothing is queued yet: no 'Queued' entry in the sidebar.
      await expect(page.getByRole('button', { name: /^Queued/ })).toHaveCount(0)
      for (const item of [items.a, items.d, items.c])
        await expectSavedForOffline(page, ['deliverer', 'item', item.id])
    })
  })

  test('2. offline, a reply and a request are kept on the device as Queued', () => {
    test.setTimeout(60_000)
    return step('outbox-queue-offline', async (page, context) => {
      await context.setOffline(true)
      // Still on item C, opened while online.
      const area = page.getByRole('region', { name: 'Admin information request' })
      await area.getByRole('button', { name: 'Respond', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Respond to the admin' })
      await field(dialog, 'Your response').fill(ANSWER)
      await dialog.getByLabel('Attach a file (optional)').setInputFiles(join(files, 'ticket.png'))
      await dialog.getByRole('button', { name: 'Send response' }).click()
      await expect(page.getByText(QUEUED_TOAST).first()).toBeVisible()
      await expect(dialog).toHaveCount(0)
      await expect(
        page.getByText('Information sent successfully!'),
        'an offline reply claims it was sent',
      ).toHaveCount(0)
      await expect(queuedButton(page, 1)).toBeVisible()

      // Item A, reached by a reload while offline (served from what the device saved).
      await openItem(page, items.a)
      await requestToDeliver(page, join(files, 'ticket.pdf'))
      await expect(page.getByText('Request sent successfully!')).toHaveCount(0)
      await expect(queuedButton(page, 2)).toBeVisible()
    })
  })

  test('3. the queue survives an offline reload and a closed tab', () => {
    test.setTimeout(60_000)
    return step('outbox-survives', async (page, context) => {
      await page.reload()
      await expect(queuedButton(page, 2)).toBeVisible()

      await page.close()
      const next = await context.newPage()
      session.page = next
      next.on('pageerror', (error) => session.problems.push(`pageerror: ${error.message}`))
      await next.goto('/deliverer-dashboard')
      await expect(
        next.getByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
      ).toBeVisible()
      await expect(queuedButton(next, 2)).toBeVisible()
      // Nothing reached the server while offline.
      expect((await adminItem(items.a.id)).requests).toHaveLength(0)
      expect((await adminItem(items.c.id)).info_requests[0].response).toBeNull()
    })
  })

  test('4. back online, both are sent exactly once', () => {
    test.setTimeout(90_000)
    return step('outbox-replay-online', async (page, context) => {
      await queuedButton(page, 2).click()
      const dialog = page.getByRole('dialog', { name: 'Queued changes' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByText('Waiting for the network').first()).toBeVisible()
      await expect(dialog.getByText('Waiting for the network')).toHaveCount(2)
      await expect(dialog.getByText(`Request to deliver ${items.a.name}`)).toBeVisible()

      await context.setOffline(false)
      // The `online` event (or the 30 s refresh) replays; the user waits with the dialog open.
      await expect(dialog.getByText('Sent', { exact: true }).nth(1)).toBeVisible({
        timeout: REPLAY_WAIT_MS,
      })
      await expect(dialog.getByText('Waiting for the network')).toHaveCount(0)
      await expect(dialog.getByText('Not accepted')).toHaveCount(0)
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(dialog).toHaveCount(0)
      // Nothing unsent is left: the sidebar's 'Queued' entry is gone.
      await expect(page.getByRole('button', { name: /^Queued/ })).toHaveCount(0)

      const a = await adminItem(items.a.id)
      const mine = a.requests.filter(
        (r: { deliverer: { email: string } }) => r.deliverer.email === DELIVERER,
      )
      expect(a.requests, `requests of A: ${JSON.stringify(a.requests)}`).toHaveLength(1)
      expect(mine).toHaveLength(1)
      expect(mine[0].proof_of_travel, 'the request of A has no proof of travel').toBeTruthy()
      const c = await adminItem(items.c.id)
      expect(c.info_requests).toHaveLength(1)
      expect(c.info_requests[0].response).toBe(ANSWER)
      expect(c.info_requests[0].response_file_path, 'the reply of C has no file').toBeTruthy()

      // The deliverer's item C now shows the reply as submitted.
      await openItem(page, items.c)
      const area = page.getByRole('region', { name: 'Admin information request' })
      await expect(area.getByText('Information submitted', { exact: true })).toBeVisible()
      await expect(area.getByText(ANSWER)).toBeVisible()
    })
  })

  test('5. a change the server refuses stays as failed with its message until discarded', () => {
    test.setTimeout(90_000)
    return step('outbox-refused', async (page, context) => {
      await context.setOffline(true)
      await openItem(page, items.d)
      await requestToDeliver(page, join(files, 'ticket.pdf'))
      await expect(queuedButton(page, 1)).toBeVisible()

      // Meanwhile the admin rejects sending D: it is no longer available to deliverers.
      await setSendingApproval(server.baseURL, admin.token, items.d.id, 'rejected')
      await context.setOffline(false)

      await queuedButton(page, 1).click()
      const dialog = page.getByRole('dialog', { name: 'Queued changes' })
      const entry = dialog
        .getByRole('listitem')
        .filter({ hasText: `Request to deliver ${items.d.name}` })
      await expect(entry.getByText('Not accepted', { exact: true })).toBeVisible({
        timeout: REPLAY_WAIT_MS,
      })
      await expect(entry.getByText('Item not found', { exact: true })).toBeVisible()
      expect((await adminItem(items.d.id)).requests).toHaveLength(0)

      // Still there, with its message, after a reload; the count stays on the failed entry.
      await page.reload()
      await queuedButton(page, 1).click()
      await expect(entry.getByText('Not accepted', { exact: true })).toBeVisible()
      await expect(entry.getByText('Item not found', { exact: true })).toBeVisible()

      await entry.getByRole('button', { name: 'Discard' }).click()
      await expect(entry).toHaveCount(0)
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(page.getByRole('button', { name: /^Queued/ })).toHaveCount(0)
      // Gone for good: not back after a reload either.
      await page.goto('/deliverer-dashboard')
      await expect(
        page.getByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
      ).toBeVisible()
      const kept = (await deviceRows(page, 'outbox')).filter((row) =>
        JSON.stringify(row).includes(items.d.id),
      )
      expect(kept, 'the discarded change is still on the device').toEqual([])
      await expect(page.getByRole('button', { name: /^Queued/ })).toHaveCount(0)
    })
  })
})
