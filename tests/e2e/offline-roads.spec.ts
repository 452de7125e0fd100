// Offline on real roads (decision 013), in Debian's Chromium with the built app and its real service
// worker. The browser reaches the server through a link proxy (support/link-proxy.ts) that can
// tear an upload mid-body, which Chromium's own network emulation cannot do (nor reach the worker).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import {
  apiCall,
  apiLogin,
  postApprovedItem,
  setSendingApproval,
  TINY_PDF,
  type Session as ApiSession,
} from './support/api'
import { field, logIn, openPage, waitForPath, type Session } from './support/browser'
import { startLinkProxy, type LinkProxy } from './support/link-proxy'
import { shareOfColour } from './support/pixels'
import { publishNewWorker } from './support/new-worker'
import {
  DELIVERER,
  openItem,
  REPLAY_WAIT_MS,
  requestToDeliver,
  TRAVEL_PROOF,
} from './support/outbox-ui'
import { root, type TestServer } from './support/server'
import { expect, test } from './fixtures'

type Item = { id: string; name: string }

/** The offline base map's land in the light scheme (palettes.light.land, src/components/map-style.ts). */
const OFFLINE_LAND_LIGHT = '#f2efe9'

const KEYS = [
  'seen1',
  'seen2',
  'seen3',
  'queued',
  'torn',
  'refused',
  'expired',
  'update',
  'unavailable',
] as const

const QUEUED_ON_ITEM = 'Queued — will be sent when you are back online'

test.describe('offline on real roads', () => {
  let server: TestServer
  let proxy: LinkProxy
  let files: string
  let admin: ApiSession
  let sender: ApiSession
  const stamp = Date.now()
  const items = {} as Record<(typeof KEYS)[number], Item>

  test.beforeAll(async ({ fileServers }, testInfo) => {
    testInfo.setTimeout(180_000)
    server = await fileServers.forFile(testInfo.file)
    proxy = await startLinkProxy({ target: server.baseURL })
    files = mkdtempSync(join(tmpdir(), 'tote-e2e-roads-'))
    writeFileSync(join(files, 'ticket.pdf'), TINY_PDF)
    admin = await apiLogin(server.baseURL, 'admin@example.com')
    sender = await apiLogin(server.baseURL, 'sender@example.com')
    for (const key of KEYS)
      items[key] = await postApprovedItem(
        server.baseURL,
        sender.token,
        admin.token,
        `Road ${key} ${stamp}`,
      )
  })

  test.afterAll(async () => {
    await proxy?.close()
    if (files) rmSync(files, { recursive: true, force: true })
  })

  /** The deliverer's requests of an item, as the admin sees them. */
  async function requestsOf(item: Item): Promise<{ deliverer: { email: string } }[]> {
    const { data } = await apiCall(
      server.baseURL,
      admin.token,
      'GET',
      `/api/admin/items/${item.id}`,
    )
    return data.requests.filter(
      (r: { deliverer: { email: string } }) => r.deliverer.email === DELIVERER,
    )
  }

  /** Waits until the deliverer's request of `item` reached the server; asserts it did once. */
  async function landsOnce(item: Item, timeout = REPLAY_WAIT_MS) {
    await expect
      .poll(async () => (await requestsOf(item)).length, {
        message: `the request of ${item.name} never reached the server`,
        timeout,
      })
      .toBeGreaterThan(0)
    // A second copy would come right after the first: this pause is the check, it gives the copy
    // the time to show.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const requests = await requestsOf(item)
    expect(requests, `requests of ${item.name}: ${JSON.stringify(requests)}`).toHaveLength(1)
  }

  const requestPosts = () => proxy.requests().filter((line) => line === 'POST /api/request-item')

  /** A page on the proxy, signed in through the UI as the deliverer, its worker in control. */
  async function signedInDeliverer(browser: Browser): Promise<Session> {
    const session = await openPage(browser, proxy.baseURL)
    await logIn(session.page, DELIVERER)
    // The app starts on the prerendered /login while it is being filled in, then signs in and
    // loads the deliverer's code: on a loaded CI machine that once took more than 15 s (the
    // navigation timeout, 30 s, is the fair bound). Should it fail, say what crossed the link.
    await waitForPath(session.page, '/deliverer-dashboard', 30_000).catch((error: unknown) => {
      throw new Error(
        `not signed in; the last requests over the link: ${proxy.requests().slice(-20).join(', ')}`,
        { cause: error },
      )
    })
    await expect(
      session.page.getByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
    ).toBeVisible()
    await session.page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 30_000,
    })
    return session
  }

  test.describe('one deliverer on one phone', () => {
    // One phone in steps: each test goes on from where the one before left it.
    test.describe.configure({ mode: 'serial' })
    let session: Session

    test.beforeAll(async ({ browser }, testInfo) => {
      testInfo.setTimeout(90_000)
      session = await signedInDeliverer(browser)
    })

    test.afterAll(async () => {
      await session?.context.close()
    })

    /** Runs one step in the deliverer's page (`name` says which). */
    const step = (_name: string, fn: (page: Page, context: BrowserContext) => Promise<void>) =>
      fn(session.page, session.context)

    test('an item seen for 300 ms before the tab closes is there offline', () => {
      test.setTimeout(120_000)
      return step('roads-seen-briefly', async (first, context) => {
        let page = first
        for (const key of ['seen1', 'seen2', 'seen3', 'queued', 'refused', 'expired'] as const) {
          await openItem(page, items[key])
          // The scenario itself: the item is on screen for 300 ms, then the tab is gone.
          // eslint-disable-next-line playwright/no-wait-for-timeout -- the pause is what is tested
          await page.waitForTimeout(300)
          await page.close()
          page = await context.newPage()
          session.page = page
        }
        await context.setOffline(true)
        for (const key of ['seen1', 'seen2', 'seen3'] as const) {
          await openItem(page, items[key])
          await expect(page.getByText('Berlin, Germany').first()).toBeVisible()
        }
        await context.setOffline(false)
      })
    })

    test('a queued request shows as queued on its item, with no second request', () => {
      test.setTimeout(90_000)
      return step('roads-queued-ui', async (page, context) => {
        await context.setOffline(true)
        await openItem(page, items.queued)
        await requestToDeliver(page, join(files, 'ticket.pdf'))
        await openItem(page, items.queued)
        await expect(page.getByText(QUEUED_ON_ITEM)).toBeVisible()
        await expect(page.getByRole('button', { name: 'Queued', exact: true })).toBeVisible()
        await expect(page.getByRole('button', { name: 'Queued', exact: true })).toBeDisabled()
        await expect(page.getByRole('button', { name: 'Request to deliver' })).toHaveCount(0)
        await expect(page.getByLabel(TRAVEL_PROOF)).toHaveCount(0)

        await context.setOffline(false)
        await landsOnce(items.queued)
        await expect(page.getByText(QUEUED_ON_ITEM)).toHaveCount(0, { timeout: REPLAY_WAIT_MS })
      })
    })

    test('an upload torn half-way, then Retry: the request lands exactly once', () => {
      test.setTimeout(120_000)
      return step('roads-torn-upload', async (page) => {
        await openItem(page, items.torn)
        const before = requestPosts().length
        // Every upload is cut after the first bytes of its body until the user retries: the direct
        // attempt (and Chromium's own resend of it), then each replay. The server saw the change's
        // key with a torn body each time and must not keep that answer.
        let tearing = true
        let torn = 0
        const tearAll = (async () => {
          while (tearing) {
            await proxy.tearNext('/api/request-item', 120)
            if (tearing) torn++
          }
        })()
        await requestToDeliver(page, join(files, 'ticket.pdf'))
        await page.getByRole('button', { name: /^Queued: 1 unsent change$/ }).click()
        const dialog = page.getByRole('dialog', { name: 'Queued changes' })
        const entry = dialog.getByRole('listitem').filter({ hasText: items.torn.name })
        await expect(entry.getByRole('button', { name: 'Retry' })).toBeVisible()
        expect(await requestsOf(items.torn)).toHaveLength(0)

        tearing = false
        proxy.stopTearing()
        await tearAll
        expect(torn, `torn uploads: ${torn}`).toBeGreaterThanOrEqual(1)
        // Its own entry: the dialog also lists what was sent a moment ago (the step before's).
        const sent = entry.getByText('Sent', { exact: true })
        // The worker may be sending it again already: Retry only sends it sooner, is disabled while
        // it is sending and goes away once it is sent, so a click may find no button to press.
        await expect(async () => {
          if (!(await sent.isVisible()))
            await entry.getByRole('button', { name: 'Retry' }).click({ timeout: 1_000 })
          await expect(sent).toBeVisible({ timeout: 1_000 })
        }).toPass({ timeout: REPLAY_WAIT_MS })
        await dialog.getByRole('button', { name: 'Close' }).click()
        await landsOnce(items.torn)
        expect(
          requestPosts().length - before,
          `posts: ${requestPosts().length - before}`,
        ).toBeGreaterThan(torn)
      })
    })

    test('refused, the cause fixed, then Retry: the request lands once', () => {
      test.setTimeout(120_000)
      return step('roads-refused-then-retry', async (page, context) => {
        await context.setOffline(true)
        await openItem(page, items.refused)
        await requestToDeliver(page, join(files, 'ticket.pdf'))
        // Meanwhile the admin withdraws the item from deliverers.
        await setSendingApproval(server.baseURL, admin.token, items.refused.id, 'rejected')
        await context.setOffline(false)
        await page.getByRole('button', { name: /^Queued: 1 unsent change$/ }).click()
        const dialog = page.getByRole('dialog', { name: 'Queued changes' })
        const entry = dialog.getByRole('listitem').filter({ hasText: items.refused.name })
        await expect(entry.getByText('Not accepted', { exact: true })).toBeVisible({
          timeout: REPLAY_WAIT_MS,
        })
        await expect(entry.getByText('Item not found', { exact: true })).toBeVisible()

        // The admin approves it again: the same change can now succeed.
        await setSendingApproval(server.baseURL, admin.token, items.refused.id, 'approved')
        await entry.getByRole('button', { name: 'Retry' }).click()
        await expect(entry.getByText('Sent', { exact: true })).toBeVisible({
          timeout: REPLAY_WAIT_MS,
        })
        await dialog.getByRole('button', { name: 'Close' }).click()
        await landsOnce(items.refused)
      })
    })

    test('a session refused while queued: "Sign in again", then it is sent once', () => {
      test.setTimeout(120_000)
      return step('roads-sign-in-again', async (page, context) => {
        await context.setOffline(true)
        await openItem(page, items.expired)
        await requestToDeliver(page, join(files, 'ticket.pdf'))
        // The session ends on the server (as when signed out on another device).
        const token = await page.evaluate(() => localStorage.getItem('tote.token'))
        expect(token, 'no token stored').toBeTruthy()
        await apiCall(server.baseURL, token, 'POST', '/api/logout')
        await context.setOffline(false)

        // Told where they are: the shell's banner, or the login page once the app saw the 401.
        await expect(
          page.getByText('Sign in again to send 1 queued change', { exact: true }).first(),
        ).toBeVisible({ timeout: REPLAY_WAIT_MS })
        expect(await requestsOf(items.expired)).toHaveLength(0)
        const signIn = page.getByRole('button', { name: 'Sign in', exact: true })
        if (await signIn.isVisible()) await signIn.click()
        await waitForPath(page, '/login')
        await field(page, 'Email').fill(DELIVERER)
        await field(page, 'Password').fill('password123')
        await page.getByRole('button', { name: 'Log in', exact: true }).click()
        await landsOnce(items.expired)
        await expect(page.getByRole('button', { name: /^Queued/ })).toHaveCount(0)
      })
    })

    test('an update offered while a write is queued; the write lands once after it', () => {
      test.setTimeout(150_000)
      return step('roads-update-with-queued-write', async (page) => {
        await openItem(page, items.update)
        // Every upload is torn until the update is done: the write stays queued meanwhile.
        let tearing = true
        const tearAll = (async () => {
          while (tearing) await proxy.tearNext('/api/request-item', 60)
        })()
        await requestToDeliver(page, join(files, 'ticket.pdf'))
        await expect(page.getByRole('button', { name: /^Queued: 1 unsent change$/ })).toBeVisible()

        await publishNewWorker(page, join(root, 'dist'))
        await expect(page.getByText('A new version of Tote is available.')).toBeVisible({
          timeout: 30_000,
        })
        await expect(page.getByRole('button', { name: /^Queued: 1 unsent change$/ })).toBeVisible()
        expect(await requestsOf(items.update)).toHaveLength(0)

        tearing = false
        proxy.stopTearing()
        await tearAll
        await Promise.all([
          page.waitForEvent('load'),
          page.getByRole('button', { name: 'Reload to update' }).click(),
        ])
        await landsOnce(items.update)
      })
    })

    test('an update offered while the server answers 503 to writes takes over within seconds', () => {
      test.setTimeout(150_000)
      return step('roads-update-while-unavailable', async (page, context) => {
        // Queued offline; back online, every replay of it is answered 503.
        await openItem(page, items.unavailable)
        await context.setOffline(true)
        await requestToDeliver(page, join(files, 'ticket.pdf'))
        proxy.refuseWrites('/api/request-item')
        try {
          const before = requestPosts().length
          await context.setOffline(false)
          await expect
            .poll(() => requestPosts().length, { timeout: REPLAY_WAIT_MS })
            .toBeGreaterThan(before)
          await expect(
            page.getByRole('button', { name: /^Queued: 1 unsent change$/ }),
          ).toBeVisible()

          await publishNewWorker(page, join(root, 'dist'))
          await expect(page.getByText('A new version of Tote is available.')).toBeVisible({
            timeout: 30_000,
          })
          // The server still refuses every write: the update takes over all the same, at once.
          await Promise.all([
            page.waitForEvent('load', { timeout: 15_000 }),
            page.getByRole('button', { name: 'Reload to update' }).click(),
          ])
          expect(await requestsOf(items.unavailable)).toHaveLength(0)
        } finally {
          proxy.stopRefusing()
        }
        await landsOnce(items.unavailable)
      })
    })
  })

  test('after logout the next user reads nothing of the previous one from the HTTP cache', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const session = await openPage(browser, proxy.baseURL)
    const seen = new Set<string>()
    session.page.on('request', (request) => {
      const url = new URL(request.url())
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) seen.add(url.href)
    })
    try {
      const { page, context } = session
      await logIn(page, DELIVERER)
      await waitForPath(page, '/deliverer-dashboard')
      await expect(
        page.getByRole('heading', { name: 'Deliverer dashboard', level: 1 }),
      ).toBeVisible()
      await openItem(page, items.seen1)
      await page.goto('/my-deliveries')
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await page.getByRole('button', { name: 'Logout' }).first().click()
      await waitForPath(page, '/login')
      // Public answers are not the user's: health, place search and the handoff keys (the public
      // keys that check codes, which stay on the device at logout: decision 036).
      const userCalls = [...seen].filter((url) => !/\/api\/(health|places|handoff-keys)/.test(url))
      expect(
        userCalls.length,
        `too few calls seen: ${userCalls.join(', ')}`,
      ).toBeGreaterThanOrEqual(3)

      const cached = (urls: string[]) =>
        page.evaluate(async (list) => {
          const found: string[] = []
          for (const url of list) {
            try {
              const response = await fetch(url, {
                cache: 'only-if-cached',
                mode: 'same-origin',
              })
              if (response.ok) found.push(url)
            } catch {
              // not in the HTTP cache: what we want
            }
          }
          return found
        }, urls)
      expect(await cached(userCalls)).toEqual([])
      await context.setOffline(true)
      expect(await cached(userCalls)).toEqual([])
      // Nor in the worker's caches, but for the public ones (place search, handoff keys).
      const inCaches = await page.evaluate(async () => {
        const urls: string[] = []
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
        }
        return urls.filter((url) => new URL(url).pathname.startsWith('/api/'))
      })
      expect(inCaches.filter((url) => !/\/api\/(places|handoff-keys)/.test(url))).toEqual([])
      await context.setOffline(false)
    } finally {
      await session.context.close()
    }
  })

  test('flapping, then every page closed, then online: Background Sync sends it', async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const item = await postApprovedItem(
      server.baseURL,
      sender.token,
      admin.token,
      `Road sync ${stamp}`,
    )
    const session = await signedInDeliverer(browser)
    try {
      const { page, context } = session
      await openItem(page, item)
      await context.setOffline(true)
      await requestToDeliver(page, join(files, 'ticket.pdf'))
      // A link that comes and goes: each return starts a replay (and a sync) that is cut short,
      // its upload torn as a drop in mid-send would.
      let tearing = true
      const tearAll = (async () => {
        while (tearing) await proxy.tearNext('/api/request-item', 60)
      })()
      // The scenario itself: the link is up for 300-900 ms, then down for 400 ms, four times.
      /* eslint-disable playwright/no-wait-for-timeout -- the pauses are the flapping link */
      for (let i = 0; i < 4; i++) {
        await context.setOffline(false)
        await page.waitForTimeout(300 + i * 200)
        await context.setOffline(true)
        await page.waitForTimeout(400)
      }
      /* eslint-enable playwright/no-wait-for-timeout */
      expect(await requestsOf(item), 'sent while the link flapped').toHaveLength(0)
      for (const open of context.pages()) await open.close()
      tearing = false
      proxy.stopTearing()
      await tearAll
      // Still part of the scenario: a moment with every page closed and the link down.
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await context.setOffline(false)
      // No page is open: only the worker can send it.
      await landsOnce(item, 60_000)
    } finally {
      await session.context.close()
    }
  })

  test('the map draws offline from the worker caches after the HTTP cache is gone', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const session = await signedInDeliverer(browser)
    const failed: string[] = []
    try {
      const { page, context } = session
      await openItem(page, items.seen2)
      // The map's code is cached once a signed-in page is up and the browser is idle.
      await page.waitForFunction(
        async () => {
          const cache = await caches.open('tote-map-code-v1')
          const urls = (await cache.keys()).map((request) => new URL(request.url).pathname)
          return (
            urls.some((path) => /maplibre-gl-worker-.*\.mjs$/.test(path)) &&
            urls.some((path) => path.endsWith('/map/land.geojson')) &&
            urls.some((path) => /maplibre-gl-.*\.js$/.test(path))
          )
        },
        null,
        { timeout: 30_000, polling: 500 },
      )
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.clearBrowserCache')
      await context.setOffline(true)
      // A request of the page being left that the reload cuts short is not the cache's fault.
      page.on('requestfailed', (request) => {
        if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(request.url())
      })
      const webgl = await page.evaluate(() =>
        Boolean(document.createElement('canvas').getContext('webgl')),
      )
      await page.reload()
      await expect(page.getByRole('heading', { name: items.seen2.name, level: 1 })).toBeVisible()
      const map = page.getByRole('region', { name: `Route of ${items.seen2.name}` })
      // Without WebGL (this machine's Chromium may have none) the page shows the map's fallback
      // and loads no map files: there is nothing to wait for.
      // eslint-disable-next-line playwright/no-conditional-in-test -- see above
      if (webgl) {
        const canvas = map.locator('canvas')
        // eslint-disable-next-line playwright/no-conditional-expect -- see above
        await expect(canvas).toBeVisible()
        // What a person sees: the land around Berlin drawn from the base map, not the bare
        // water-coloured background that shows until (or unless) land.geojson arrives. Read off
        // the pixels rather than a network event, which a dedicated worker's request did not
        // always raise on a loaded machine.
        // eslint-disable-next-line playwright/no-conditional-expect -- see above
        await expect
          .poll(async () => shareOfColour(await canvas.screenshot(), OFFLINE_LAND_LIGHT), {
            message: 'share of the map drawn as land',
            timeout: 30_000,
          })
          .toBeGreaterThan(0.3)
      }
      expect(
        failed.filter((url) => /maplibre|\/map\//.test(url)),
        'map files failed offline',
      ).toEqual([])
      await context.setOffline(false)
    } finally {
      await session.context.close()
    }
  })
})
