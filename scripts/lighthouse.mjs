// npm run lighthouse: builds, starts the server on a free port with a fresh data folder (demo
// data), and runs Lighthouse (mobile defaults: a mid-range phone's CPU, slow 4G, simulated) in
// Debian's Chromium on the public pages as a first visit, and on two signed-in pages as the demo
// deliverer's repeat visit (service worker installed, as an installed app is used). Prints score,
// LCP, TBT, CLS and bytes per page; exits 1 when a page misses its target.
// Env: LIGHTHOUSE_RUNS (default 1; the median run per page is shown), SKIP_BUILD=1,
// CHROMIUM_PATH (default /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'

const root = fileURLToPath(new URL('..', import.meta.url))
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))

const PUBLIC = ['/', '/login', '/how-it-works', '/faq']
const SIGNED_IN = ['/deliverer-dashboard', '/available-items']
const TARGETS = {
  public: { score: 95, lcpMs: 1500, tbtMs: 150, cls: 0.05 },
  signedIn: { score: 90 },
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

async function startServer() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'tote-lighthouse-'))
  const child = spawn(process.execPath, ['--import', 'tsx', join('server', 'server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const stop = async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { baseURL, stop }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** One Lighthouse run of `url` in the browser listening on `port`; the figures that matter. */
async function measure(url, port, { keepStorage }) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  })
  const { audits, categories } = result.lhr
  return {
    score: Math.round(categories.performance.score * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    fcpMs: audits['first-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    kb: audits['total-byte-weight'].numericValue / 1024,
  }
}

async function measurePage(url, port, opts) {
  const all = []
  for (let i = 0; i < runs; i++) all.push(await measure(url, port, opts))
  const pick = (key) => median(all.map((r) => r[key]))
  const scores = all.map((r) => r.score)
  return {
    score: pick('score'),
    lcpMs: pick('lcpMs'),
    fcpMs: pick('fcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    kb: pick('kb'),
    spread: runs > 1 ? `${Math.min(...scores)}-${Math.max(...scores)}` : '',
  }
}

function row(path, r, target) {
  const misses = []
  if (r.score < target.score) misses.push(`score < ${target.score}`)
  if (target.lcpMs && r.lcpMs > target.lcpMs) misses.push(`LCP > ${target.lcpMs} ms`)
  if (target.tbtMs && r.tbtMs > target.tbtMs) misses.push(`TBT > ${target.tbtMs} ms`)
  if (target.cls !== undefined && r.cls > target.cls) misses.push(`CLS > ${target.cls}`)
  console.log(
    `${path.padEnd(22)}${String(r.score).padStart(6)}${r.spread.padStart(8)}` +
      `${(r.fcpMs / 1000).toFixed(2).padStart(8)} s${(r.lcpMs / 1000).toFixed(2).padStart(8)} s` +
      `${Math.round(r.tbtMs).toString().padStart(8)} ms${r.cls.toFixed(3).padStart(8)}` +
      `${r.kb.toFixed(0).padStart(8)} KB  ${misses.length ? `MISS (${misses.join(', ')})` : 'ok'}`,
  )
  return misses.length === 0
}

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = await startServer()
const port = await freePort()
const profile = mkdtempSync(join(tmpdir(), 'tote-lighthouse-chrome-'))
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless: true,
  args: [
    `--remote-debugging-port=${port}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
})
let ok = true
try {
  console.log(
    `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated slow 4G and a 4x slower CPU, on ${server.baseURL}`,
  )
  console.log(
    `${'page'.padEnd(22)}${'score'.padStart(6)}${(runs > 1 ? 'spread' : '').padStart(8)}${'FCP'.padStart(10)}${'LCP'.padStart(10)}${'TBT'.padStart(11)}${'CLS'.padStart(8)}${'bytes'.padStart(11)}`,
  )
  for (const path of PUBLIC)
    ok =
      row(
        path,
        await measurePage(server.baseURL + path, port, { keepStorage: false }),
        TARGETS.public,
      ) && ok

  // The demo deliverer signs in once and visits the pages: the worker installs and takes over,
  // as on a phone where Tote was installed.
  const page = await browser.newPage()
  await page.goto(`${server.baseURL}/login`)
  await page.getByLabel('Email').fill('deliverer@example.com')
  await page.getByLabel('Password').fill('password123')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/deliverer-dashboard')
  await page.evaluate(() => navigator.serviceWorker.ready)
  for (const path of SIGNED_IN) {
    await page.goto(server.baseURL + path)
    await page.waitForLoadState('networkidle')
  }
  await page.close()
  for (const path of SIGNED_IN)
    ok =
      row(
        `${path} (repeat)`,
        await measurePage(server.baseURL + path, port, { keepStorage: true }),
        TARGETS.signedIn,
      ) && ok
} finally {
  await browser.close()
  rmSync(profile, { recursive: true, force: true })
  await server.stop()
}
console.log(ok ? 'lighthouse: every page meets its target' : 'lighthouse: MISS')
process.exit(ok ? 0 : 1)
