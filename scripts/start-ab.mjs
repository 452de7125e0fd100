/* global window, document */
// npm run start-ab: a signed-in start, build against build. Lighthouse's figures swing by half on
// this shared machine with no change to the code; this script compares builds side by side
// instead, one load of each in turn, so load on the machine weighs on both alike.
// Give it builds (`npm run build`, then copy dist/ away: AB_DISTS=/tmp/before,/tmp/after); it
// starts one server per build (fresh data folder, demo data), signs in as the demo user in Debian's
// Chromium on a phone (360 × 800, touch), lets the service worker take control, and then loads
// AB_PATH as a repeat visit with the CPU slowed 4× (CDP), AB_RUNS times per build, alternating.
// Per load it reads the long tasks (PerformanceObserver 'longtask') until 2.5 s after the app says
// it is ready (html[data-app-ready]) and prints, per build, the median and spread of their
// blocking time (the sum of each task's time over 50 ms), the longest task, and the time to ready;
// then loads it once more at full speed with a trace and prints the main thread's CPU time and the
// blocking time that gives at 4x ("CPU blocking", as `npm run lighthouse`'s CPU TBT): the figure
// least moved by other work on the machine.
// Env: AB_DISTS (comma-separated dist folders, default dist), AB_PATH (default /dashboard),
// AB_EMAIL (default the demo sender), AB_RUNS (default 7), CHROMIUM_PATH.
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts'
import { cpuTasks, median, signInAsDemoUser } from './measure-browser.mjs'
import { startServer } from './measure-server.mjs'

const dists = (process.env.AB_DISTS ?? 'dist').split(',').filter(Boolean)
const path = process.env.AB_PATH ?? '/dashboard'
const email = process.env.AB_EMAIL ?? 'sender@example.com'
const runs = Math.max(1, Number(process.env.AB_RUNS ?? 7))
const CPU_SLOWDOWN = 4
/** After ready, the time in which what the start set off (saved reads, idle work) still counts. */
const SETTLE_MS = 2500

function observeLongTasks() {
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration)
  }).observe({ type: 'longtask', buffered: true })
}

const servers = []
for (const dist of dists) servers.push(await startServer({ DIST_DIR: dist }))
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const contexts = []
  for (const server of servers) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
      baseURL: server.baseURL,
    })
    await context.addInitScript(observeLongTasks)
    const page = await context.newPage()
    await signInAsDemoUser(page, '/login', email)
    await page.waitForURL((url) => url.pathname !== '/login')
    // The worker installs when the page is idle; once it controls, later loads are repeat visits.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 120_000,
    })
    await page.close()
    contexts.push(context)
  }

  /** Loads the page as a repeat visit and waits until 2.5 s after the app says it is ready. */
  const load = async (page) => {
    await page.goto(path)
    await page.waitForFunction(
      () => document.documentElement.hasAttribute('data-app-ready'),
      null,
      {
        timeout: 120_000,
      },
    )
    const ready = await page.evaluate(() => performance.now())
    await page.waitForTimeout(SETTLE_MS)
    return ready
  }

  const results = dists.map(() => ({
    blocking: [],
    longest: [],
    ready: [],
    cpu: [],
    cpuBlocking: [],
  }))
  for (let run = 0; run < runs; run++)
    for (const [i, context] of contexts.entries()) {
      const slowed = await context.newPage()
      const cdp = await context.newCDPSession(slowed)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      results[i].ready.push(await load(slowed))
      const tasks = await slowed.evaluate(() => window.__longTasks)
      results[i].blocking.push(tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0))
      results[i].longest.push(Math.max(0, ...tasks))
      await slowed.close()

      // The same load at full speed, traced: the main thread's CPU time (thread time, which other
      // processes on the machine do not stretch; under the CDP slowdown it does not scale evenly)
      // and the blocking time it gives at 4x, as `npm run lighthouse` computes it.
      const traced = await context.newPage()
      await browser.startTracing(traced, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
        ],
      })
      await load(traced)
      const cpu = cpuTasks(JSON.parse((await browser.stopTracing()).toString()))
      results[i].cpu.push(cpu?.cpuMs ?? NaN)
      results[i].cpuBlocking.push(cpu?.blockingMs ?? NaN)
      await traced.close()
    }

  const figure = (values) =>
    `${Math.round(median(values))} (${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))})`
  console.log(
    `${path} as ${email}, repeat visit, CPU ${CPU_SLOWDOWN}x, ${runs} loads per build, median (spread):`,
  )
  for (const [i, dist] of dists.entries())
    console.log(
      `  ${dist}: blocking ${figure(results[i].blocking)} ms, longest task ${figure(results[i].longest)} ms, ready after ${figure(results[i].ready)} ms; at 1x: CPU ${figure(results[i].cpu)} ms, CPU blocking at 4x ${figure(results[i].cpuBlocking)} ms`,
    )
} finally {
  await browser.close()
  for (const server of servers) await server.stop()
}
