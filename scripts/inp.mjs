/* global window, document, location, requestAnimationFrame */
// npm run inp: how long the interactions people repeat take to show their answer, as Interaction
// to Next Paint counts them. Builds (unless SKIP_BUILD=1), starts the server on a free port with a
// fresh data folder (demo data), signs in as the demo sender and deliverer in Debian's Chromium
// on a phone (360 × 800, touch) with the CPU slowed 4× (CDP), and drives each interaction
// INP_RUNS times (default 5). A PerformanceObserver in the page collects Event Timing entries
// ('event' from 16 ms, and 'first-input'); an interaction's latency is the longest entry with its
// interactionId, from the input to the next paint. None over 16 ms shows as "<16". Prints the
// median and the worst per interaction and exits 1 when one's worst is over 200 ms.
// Each input waits for a quiet page (no long task for a second), as a repeated interaction comes.
// Env: INP_RUNS, SKIP_BUILD=1, CHROMIUM_PATH (default /usr/bin/chromium), INP_ONLY=<words> (only
// the interactions whose name has them), INP_DETAILS=1 (every sample, with its input delay,
// processing and presentation, which event took longest, and the main thread's script, style and
// layout time from the input until the page is quiet, and each interaction of a sample when it
// has several, as a word's keys), INP_PROFILE=1 (the details, and each
// sample's costliest functions by self time; the build has no source maps, so chunk:line:col).
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts'
import { buildUnlessSkipped, startServer } from './measure-server.mjs'

const runs = Math.max(1, Number(process.env.INP_RUNS ?? 5))
const details = process.env.INP_DETAILS === '1' || process.env.INP_PROFILE === '1'
const profile = process.env.INP_PROFILE === '1'
const only = process.env.INP_ONLY
const TARGET_MS = 200
const CPU_SLOWDOWN = 4

/** In every document: the Event Timing entries of interactions, until the script takes them. */
function observeInteractions() {
  window.__inpEntries = []
  const keep = (list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue
      window.__inpEntries.push({
        id: e.interactionId,
        name: e.name,
        target: e.target?.tagName?.toLowerCase() ?? '',
        duration: e.duration,
        inputDelay: e.processingStart - e.startTime,
        processing: e.processingEnd - e.processingStart,
        presentation: e.startTime + e.duration - e.processingEnd,
      })
    }
  }
  new PerformanceObserver(keep).observe({ type: 'event', durationThreshold: 16, buffered: true })
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true })
  window.__inpLastLongTask = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__inpLastLongTask = Math.max(window.__inpLastLongTask, e.startTime + e.duration)
  }).observe({ type: 'longtask', buffered: true })
}

/**
 * Waits until the page is quiet: no long task for a second (a map still drawing or a list still
 * arriving would delay the next input, which is not what a repeated interaction measures), then
 * two frames and a short pause, so the observer has been given the entries of the last paint.
 */
async function settle(page) {
  await page.waitForFunction(() => performance.now() - window.__inpLastLongTask > 1000, null, {
    timeout: 30_000,
    polling: 100,
  })
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      ),
  )
}

const takeEntries = (page) =>
  page.evaluate(() => {
    const entries = window.__inpEntries ?? []
    window.__inpEntries = []
    return entries
  })

/** The interactions among `entries`, each as its longest entry (INP's latency of it). */
function interactions(entries) {
  const byId = new Map()
  for (const e of entries) {
    const seen = byId.get(e.id)
    if (!seen || e.duration > seen.duration) byId.set(e.id, e)
  }
  return [...byId.values()]
}

/**
 * Runs `act` (the interaction, and waiting for what it shows) with the page quiet before and
 * after; the worst interaction it caused (a word typed is one per key).
 */
async function measure(page, act) {
  await settle(page)
  await takeEntries(page)
  const cdp = sessions.get(page)
  const before = details && (await mainThread(cdp))
  if (profile) await cdp.send('Profiler.start')
  await act()
  await settle(page)
  const after = details && (await mainThread(cdp))
  if (profile) printProfile((await cdp.send('Profiler.stop')).profile)
  const all = interactions(await takeEntries(page))
  const worst = all.reduce((a, b) => (b.duration > a.duration ? b : a), {
    duration: 0,
    name: '',
    target: '',
    inputDelay: 0,
    processing: 0,
    presentation: 0,
  })
  const spent =
    details &&
    Object.fromEntries(Object.keys(after).map((key) => [key, (after[key] - before[key]) * 1000]))
  return { ...worst, count: all.length, all, spent }
}

const sessions = new WeakMap()

/** The functions that took most of a CPU profile's time by themselves (the build has no maps). */
function printProfile({ nodes, samples, timeDeltas }) {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const self = new Map()
  samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id).callFrame
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + (timeDeltas[i] ?? 0) / 1000)
  })
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)
  for (const [key, ms] of top) console.log(`      ${ms.toFixed(1).padStart(7)} ms  ${key}`)
}

/** The main thread's time so far (seconds) in script, style, layout and tasks as a whole. */
async function mainThread(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const value = (name) => metrics.find((m) => m.name === name)?.value ?? 0
  return {
    script: value('ScriptDuration'),
    style: value('RecalcStyleDuration'),
    layout: value('LayoutDuration'),
    task: value('TaskDuration'),
  }
}

const results = []

async function repeat(label, page, act, { before, after } = {}) {
  if (only && !label.includes(only)) return
  const samples = []
  for (let i = 0; i < runs; i++) {
    if (before) await before(i)
    const sample = await measure(page, () => act(i))
    samples.push(sample)
    if (details)
      console.log(
        `  ${label} #${i + 1}: ${ms(sample.duration)} (${sample.name} on ${sample.target || '?'}:` +
          ` delay ${Math.round(sample.inputDelay)}, processing ${Math.round(sample.processing)},` +
          ` presentation ${Math.round(sample.presentation)}; ${sample.count} over 16 ms;` +
          ` main thread from input to quiet: script ${Math.round(sample.spent.script)},` +
          ` style ${Math.round(sample.spent.style)}, layout ${Math.round(sample.spent.layout)},` +
          ` all tasks ${Math.round(sample.spent.task)})` +
          // A word typed is one interaction per key: each, in order, shows which key waited.
          (sample.count > 1
            ? `\n      each: ${sample.all.map((e) => `${e.name} ${ms(e.duration)} (delay ${Math.round(e.inputDelay)})`).join(', ')}`
            : ''),
      )
    if (after) await after(i)
  }
  results.push({ label, samples: samples.map((s) => s.duration) })
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const ms = (value) => (value < 16 ? '<16 ms' : `${Math.round(value)} ms`)

async function signIn(browser, baseURL, email) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
  })
  await context.addInitScript(observeInteractions)
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('password123')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await cdp.send('Performance.enable')
  if (profile) await cdp.send('Profiler.enable')
  sessions.set(page, cdp)
  return { context, page }
}

async function senderInteractions(browser, baseURL) {
  const { context, page } = await signIn(browser, baseURL, 'sender@example.com')
  try {
    await page.goto('/items')
    const list = page.getByRole('list', { name: 'Your items' })
    const firstLink = list.getByRole('listitem').first().getByRole('link').first()
    await firstLink.waitFor()

    await repeat(
      'open an item from /items (tap its card)',
      page,
      async () => {
        const name = (await firstLink.textContent()).trim()
        await firstLink.tap()
        await page.waitForURL(/\/items\/[^/]+$/)
        await page.getByRole('heading', { name, exact: true }).first().waitFor()
      },
      {
        after: async () => {
          await page.goBack()
          await firstLink.waitFor()
        },
      },
    )

    const bell = page.getByRole('link', { name: /^Notifications/ })
    await repeat(
      'open the bell',
      page,
      async () => {
        await bell.tap()
        await page.waitForURL('**/notifications')
        await page.getByRole('heading', { name: 'Notifications', exact: true }).first().waitFor()
      },
      {
        after: async () => {
          await page.goBack()
          await firstLink.waitFor()
        },
      },
    )

    // The list's filters: on a phone behind "Filters (n)", in a bottom sheet.
    const filtersButton = page.getByRole('button', { name: /^Filters \(\d+\)$/ })
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await repeat(
      'open the filters sheet on /items',
      page,
      async () => {
        await filtersButton.tap()
        await sheet.waitFor()
      },
      {
        after: async () => {
          await sheet.getByRole('button', { name: 'Show results' }).tap()
          await sheet.waitFor({ state: 'hidden' })
        },
      },
    )

    // The status select: the arrow keys step through the statuses (a phone's picker gives no
    // events a script can send), each a new list from the server.
    await filtersButton.tap()
    const status = sheet.getByRole('combobox', { name: 'Status' })
    // From the first status, down and up in turn: pressed the same way each time, the keys reach
    // the end of the list and change nothing.
    await status.selectOption({ index: 0 })
    await status.focus()
    await repeat('change the status filter on /items', page, async (i) => {
      const before = page.url()
      await page.keyboard.press(i % 2 === 0 ? 'ArrowDown' : 'ArrowUp')
      await page.waitForFunction((previous) => location.href !== previous, before)
    })
    await sheet.getByRole('button', { name: 'Show results' }).tap()
    await sheet.waitFor({ state: 'hidden' })

    // The colour mode: the Theme select in the menu, between light and dark.
    const menu = page.getByRole('button', { name: 'Open menu' })
    await repeat(
      'open the menu',
      page,
      async () => {
        await menu.tap()
        await page.getByRole('combobox', { name: 'Theme' }).waitFor()
      },
      {
        after: async () => {
          await page.getByRole('button', { name: 'Close menu' }).tap()
          await page.getByRole('combobox', { name: 'Theme' }).waitFor({ state: 'hidden' })
        },
      },
    )
    await menu.tap()
    const theme = page.getByRole('combobox', { name: 'Theme' })
    await theme.selectOption('light')
    await theme.focus()
    await repeat('switch the colour mode', page, async (i) => {
      const dark = i % 2 === 0
      await page.keyboard.press(dark ? 'ArrowDown' : 'ArrowUp')
      await page.waitForFunction(
        (wanted) => document.documentElement.classList.contains('dark') === wanted,
        dark,
      )
    })
  } finally {
    await context.close()
  }
}

async function delivererInteractions(browser, baseURL) {
  const { context, page } = await signIn(browser, baseURL, 'deliverer@example.com')
  try {
    await page.goto('/available-items')
    const request = page
      .getByRole('article')
      .getByRole('button', { name: 'Request to deliver', exact: true })
      .first()
    await request.waitFor()
    const dialog = page.getByRole('dialog', { name: 'Upload travel document' })

    await repeat(
      'open the request dialog',
      page,
      async () => {
        await request.tap()
        await dialog.waitFor()
      },
      {
        after: async () => {
          await dialog.getByRole('button', { name: 'Cancel' }).tap()
          await dialog.waitFor({ state: 'hidden' })
        },
      },
    )
    await repeat(
      'close the request dialog (Cancel)',
      page,
      async () => {
        await dialog.getByRole('button', { name: 'Cancel' }).tap()
        await dialog.waitFor({ state: 'hidden' })
      },
      {
        before: async () => {
          await request.tap()
          await dialog.waitFor()
        },
      },
    )

    // A word typed at a person's pace into the place search; the figure is its worst keystroke.
    // On a phone a chosen route is folded into one line: "Change route" opens its fields.
    const changeRoute = page.getByRole('button', { name: 'Change route' })
    if (await changeRoute.isVisible()) await changeRoute.tap()
    const place = page.getByRole('combobox', { name: 'Current location' })
    const typed = place.inputValue()
    await repeat(
      'type in the place search (worst key of "Berlin")',
      page,
      async () => {
        await page.keyboard.type('Berlin', { delay: 150 })
        await page
          .getByRole('option', { name: /Berlin/ })
          .first()
          .waitFor()
      },
      {
        before: async () => {
          await place.tap()
          await place.fill('')
        },
        after: async () => {
          await page.keyboard.press('Escape')
        },
      },
    )
    await place.fill(await typed)
    await page.keyboard.press('Escape')

    // The filters of /available-items: the page size, another list from the server each time.
    const filtersButton = page.getByRole('button', { name: /^Filters \(\d+\)$/ })
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await filtersButton.tap()
    const perPage = sheet.getByRole('combobox', { name: 'Items per page' })
    await perPage.focus()
    await repeat('change items per page on /available-items', page, async (i) => {
      const before = page.url()
      await page.keyboard.press(i % 2 === 0 ? 'ArrowDown' : 'ArrowUp')
      await page.waitForFunction((previous) => location.href !== previous, before)
    })
  } finally {
    await context.close()
  }
}

buildUnlessSkipped()

const server = await startServer()
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
})
try {
  await senderInteractions(browser, server.baseURL)
  await delivererInteractions(browser, server.baseURL)
} catch (error) {
  console.error(error)
  for (const page of browser.contexts().flatMap((c) => c.pages()))
    await page.screenshot({ path: join(tmpdir(), 'tote-inp-failed.png') }).catch(() => {})
  throw error
} finally {
  await browser.close()
  await server.stop()
}

console.log(
  `Interactions on a phone (360 × 800, touch), CPU ${CPU_SLOWDOWN}× slower, ${runs} each` +
    ` (Event Timing: input to next paint)`,
)
const width = Math.max(...results.map((r) => r.label.length)) + 2
console.log(`${'interaction'.padEnd(width)}${'median'.padStart(9)}${'worst'.padStart(9)}`)
let ok = true
for (const { label, samples } of results) {
  const worst = Math.max(...samples)
  const pass = worst <= TARGET_MS
  ok &&= pass
  console.log(
    `${label.padEnd(width)}${ms(median(samples)).padStart(9)}${ms(worst).padStart(9)}` +
      `  ${pass ? 'PASS' : `MISS (over ${TARGET_MS} ms)`}`,
  )
}
console.log(ok ? `inp: every interaction under ${TARGET_MS} ms` : 'inp: MISS')
process.exit(ok ? 0 : 1)
