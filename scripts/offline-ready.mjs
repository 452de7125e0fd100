/* global caches */
// npm run offline-ready: how long a first visit takes to make Tote usable offline, and what the
// service worker's install costs, on a phone's link. Builds (unless SKIP_BUILD=1), starts the
// server with a fresh data folder, and puts a link proxy (tests/e2e/support/link-proxy.ts: 150 ms
// round trip, with and without a slow-4G bandwidth cap) between it and Debian's Chromium. Each run
// is a new browser profile opening /login, then:
// - shell offline-ready: the worker is activated, so every precached file is in its cache (the
//   install fails as a whole otherwise), checked by opening /login and a signed-in route offline;
// - role's pages and map ready: after the demo deliverer signs in, the deliverer's pages are in the
//   worker's role code cache, and the map code and the offline base map in its map cache (fetched
//   when the browser is idle, not part of the install; decision 053).
// Prints the median and the spread of RUNS runs (default 2) per link, in seconds, KB on the wire
// and requests.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { launchBrowser } from '../tests/e2e/support/chromium.ts'
import { startLinkProxy } from '../tests/e2e/support/link-proxy.ts'
import { root, startServer } from '../tests/e2e/support/server.ts'

const runs = Math.max(1, Number(process.env.RUNS ?? 2))
const LINKS = [
  { name: '150 ms RTT', rttMs: 150, downKbps: 0, upKbps: 0 },
  { name: '150 ms RTT, 1.6 Mbps down, 750 kbps up', rttMs: 150, downKbps: 1600, upKbps: 750 },
]
const MAP_CACHE = 'tote-map-code-v1'
const ROLE_CACHE = 'tote-role-code-v1'

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** Polls `check(arg)` in the page every 50 ms; the time (ms since `start`) it first held. */
async function when(page, start, check, arg, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await page.evaluate(check, arg).catch(() => false)) return Date.now() - start
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${check}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function oneRun(browser, server, link) {
  const proxy = await startLinkProxy({ target: server.baseURL, ...link })
  const context = await browser.newContext({ baseURL: proxy.baseURL, serviceWorkers: 'allow' })
  try {
    const page = await context.newPage()
    const start = Date.now()
    await page.goto('/login')
    const paintedMs = Date.now() - start
    // A user moves and types: the app's deferred start (and with it the worker) waits for one.
    await page.mouse.move(10, 10)
    await page.mouse.move(40, 60)
    const registeredMs = await when(page, start, async () =>
      Boolean(await navigator.serviceWorker.getRegistration()),
    )
    const readyMs = await when(
      page,
      start,
      async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
    )
    const install = { ...proxy.bytes(), requests: proxy.requests().length }

    // Proof that it is usable offline: the public page and the signed-in shell open from the cache.
    await context.setOffline(true)
    await page.goto('/login')
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor()
    await page.goto('/available-items')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await context.setOffline(false)

    // The map follows in the background once a signed-in page is up.
    await page.goto('/login')
    const beforeMap = { ...proxy.bytes(), requests: proxy.requests().length }
    const signInStart = Date.now()
    await page.getByLabel('Email').fill('deliverer@example.com')
    await page.getByLabel('Password').fill('password123')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.waitForURL('**/deliverer-dashboard')
    const roleMs = await when(
      page,
      signInStart,
      async (name) =>
        (await (await caches.open(name)).keys()).some((r) =>
          /\/assets\/deliverer-[^/]*\.js$/.test(new URL(r.url).pathname),
        ),
      ROLE_CACHE,
    ).catch(() => NaN)
    const mapMs = await when(
      page,
      signInStart,
      async (name) => {
        const urls = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)
        return (
          urls.some((path) => /maplibre-gl-worker-.*\.mjs$/.test(path)) &&
          urls.some((path) => /maplibre-gl-.*\.js$/.test(path)) &&
          urls.some((path) => path.endsWith('/map/land.geojson'))
        )
      },
      MAP_CACHE,
    ).catch(() => NaN)
    const after = proxy.bytes()
    return {
      paintedMs,
      registeredMs,
      readyMs,
      installKB: install.down / 1024,
      installRequests: install.requests,
      roleMs,
      mapMs,
      signedInKB: (after.down - beforeMap.down) / 1024,
    }
  } finally {
    await context.close()
    await proxy.close()
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`

const server = await startServer()
const browser = await launchBrowser()
try {
  console.log(`Offline-ready, first visit to /login (median of ${runs} runs, spread in brackets)`)
  for (const link of LINKS) {
    const results = []
    for (let i = 0; i < runs; i++) results.push(await oneRun(browser, server, link))
    const show = (key, format) => {
      const values = results.map((r) => r[key])
      const spread =
        runs > 1 ? ` [${format(Math.min(...values))} – ${format(Math.max(...values))}]` : ''
      return `${format(median(values))}${spread}`
    }
    const kb = (value) => `${value.toFixed(0)} KB`
    const count = (value) => String(value)
    console.log(`\n${link.name}`)
    console.log(`  page loaded               ${show('paintedMs', seconds)}`)
    console.log(`  worker registered         ${show('registeredMs', seconds)}`)
    console.log(`  shell offline-ready       ${show('readyMs', seconds)}`)
    console.log(`  install: on the wire      ${show('installKB', kb)} (page included)`)
    console.log(`  install: requests         ${show('installRequests', count)}`)
    console.log(`  role code after sign-in   ${show('roleMs', seconds)}`)
    console.log(`  map cached after sign-in  ${show('mapMs', seconds)}`)
    console.log(`  signed-in visit + map     ${show('signedInKB', kb)}`)
  }
} finally {
  await browser.close()
  await server.stop()
}
