// Browser scenario (issue 26, decision 036): with the network off, the deliverer's phone checks the
// sender's signed pickup code on the spot: a wrong one is refused with its reason, the right one
// marks the item picked up at once; back online the step reaches the server once, with the moment
// the phone took. Then a delivery confirmed with the six digits read aloud waits offline and is
// confirmed once back online. A phone-sized window, the real server and the built PWA.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { apiCall, apiLogin, TINY_PDF, type Session as ApiSession } from './support/api'
import { ACTION_TIMEOUT_MS, recordProblems } from './support/browser'
import { deviceRows, expectSavedForOffline, REPLAY_WAIT_MS } from './support/outbox-ui'
import type { TestServer } from './support/server'
import { expect, expectPresent, signIn, test } from './fixtures'

type Codes = Record<'pickup' | 'delivery', { code: string; short_code: string }>
type Carried = { id: string; name: string; status: string }

test.describe('handoffs proven with no signal', () => {
  test.describe.configure({ mode: 'serial' })
  let server: TestServer
  let files: string
  let deliverer: ApiSession
  let item: Carried
  let codes: Codes
  let context: BrowserContext
  let page: Page
  let problems: string[]

  const serverItem = async () =>
    (await apiCall(server.baseURL, deliverer.token, 'GET', `/api/item/${item.id}`)).data as {
      status: string
      timeline: { step: string; at: string; recorded_at: string }[] | null
    }

  test.beforeAll(async ({ fileServers, browser }, testInfo) => {
    testInfo.setTimeout(120_000)
    server = await fileServers.forFile(testInfo.file)
    files = mkdtempSync(join(tmpdir(), 'tote-e2e-handoff-'))
    writeFileSync(join(files, 'proof.pdf'), TINY_PDF)
    deliverer = await apiLogin(server.baseURL, 'deliverer@example.com')
    const { data: mine } = await apiCall(
      server.baseURL,
      deliverer.token,
      'GET',
      '/api/my-deliveries',
    )
    const ready = (mine.items as Carried[]).find((i) => i.status === 'ready_to_pickup')
    expectPresent(ready, 'the seed has no delivery ready to pick up')
    item = ready
    // The sender's codes, as their item page shows them.
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    codes = (
      await apiCall(server.baseURL, sender.token, 'GET', `/api/items/${item.id}/handoff-codes`)
    ).data as Codes
    context = await browser.newContext({
      baseURL: server.baseURL,
      serviceWorkers: 'allow',
      viewport: { width: 360, height: 800 },
    })
    context.setDefaultTimeout(ACTION_TIMEOUT_MS)
    await signIn(context, server.baseURL, deliverer)
    page = await context.newPage()
    problems = recordProblems(page)
  })

  test.afterAll(async () => {
    await context?.close()
    if (files) rmSync(files, { recursive: true, force: true })
  })

  const shot = (name: string) =>
    page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })

  test('1. online, the delivery page keeps the keys and the item on the device', async () => {
    await page.goto(`/my-deliveries/${item.id}`)
    // The first visit installs the worker and its precache: slow on a loaded machine.
    await expect(page.getByRole('heading', { name: item.name, level: 1 })).toBeVisible({
      timeout: 45_000,
    })
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 20_000,
    })
    await expectSavedForOffline(page, ['handoff-keys'])
    await expectSavedForOffline(page, ['deliverer', 'item', item.id])
    // The pickup details came with the acceptance: a call and a map a thumb can hit.
    const job = page.getByRole('region', { name: 'Your delivery' })
    const map = job.getByRole('link', { name: 'Open the pickup on a map' })
    await expect(map).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\//)
    expect((await map.boundingBox())?.height).toBeGreaterThanOrEqual(44)
    await shot('1-online-delivery-page')
  })

  test('2. offline, a wrong code is refused on the spot and the right one counts at once', async () => {
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Confirm pickup' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm pickup' })
    const code = dialog.getByLabel(/^Handoff code/)
    // The recipient's code is not the sender's.
    await code.fill(codes.delivery.code)
    await dialog.getByRole('button', { name: 'Confirm pickup' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'This code is for the delivery, not the pickup',
    )
    // The pickup code's statement under another code's signature: not Tote's.
    const [header, payload] = codes.pickup.code.split('.')
    const tampered = `${header}.${payload}.${codes.delivery.code.split('.')[2]}`
    await code.fill(tampered)
    await dialog.getByRole('button', { name: 'Confirm pickup' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('This code was not signed by Tote')
    await shot('2-offline-refused')

    await code.fill(codes.pickup.code)
    await dialog.getByRole('button', { name: 'Confirm pickup' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByText('Picked up — waiting to send')).toBeVisible()
    await expect(page.getByText('Status: On its way', { exact: true })).toBeVisible()
    await shot('3-offline-picked-up')
    expect((await serverItem()).status, 'the step reached the server while offline').toBe(
      'ready_to_pickup',
    )
  })

  test("3. back online, the pickup reaches the server once, with the phone's moment", async () => {
    const [entry] = (await deviceRows(page, 'outbox')) as {
      kind: string
      fields: Record<string, string>
    }[]
    expectPresent(entry)
    expect(entry.kind).toBe('update-delivery-status')
    const happenedAt = entry.fields.happened_at
    expectPresent(happenedAt)
    await context.setOffline(false)
    await expect
      .poll(async () => (await serverItem()).status, { timeout: REPLAY_WAIT_MS })
      .toBe('in_process')
    const pickedUp = (await serverItem()).timeline?.filter((t) => t.step === 'picked_up')
    expect(pickedUp).toHaveLength(1)
    expect(Date.parse(pickedUp![0]!.at)).toBe(Date.parse(happenedAt))
    expect(Date.parse(pickedUp![0]!.recorded_at)).toBeGreaterThan(Date.parse(happenedAt))
    await expect(page.getByText('Picked up — waiting to send')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Confirm delivery' })).toBeVisible()
  })

  test('4. six digits typed offline wait for confirmation, then are confirmed', async () => {
    await context.setOffline(true)
    await page.getByLabel(/^Proof of delivery/).setInputFiles(join(files, 'proof.pdf'))
    await page.getByRole('button', { name: 'Confirm delivery' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm delivery' })
    await dialog.getByLabel(/^Handoff code/).fill(codes.delivery.short_code)
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByText(/Waiting for confirmation/)).toBeVisible()
    await expect(page.getByText('Status: On its way', { exact: true })).toBeVisible()
    await shot('4-offline-short-code-waiting')
    await context.setOffline(false)
    await expect(page.getByText('Delivered: Tote confirmed the code.')).toBeVisible({
      timeout: REPLAY_WAIT_MS,
    })
    await expect(page.getByText('Status: Delivered', { exact: true })).toBeVisible()
    // The note stays once the page has the server's answer.
    await expect(page.getByText('Delivered: Tote confirmed the code.')).toBeVisible()
    expect((await serverItem()).status).toBe('delivered')
    await shot('5-online-confirmed')
    // Offline, and the map's tiles from the internet (unreachable here), fail to load as they should.
    expect(
      problems.filter(
        (p) => !/ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|Failed to fetch/.test(p),
      ),
    ).toEqual([])
  })
})
