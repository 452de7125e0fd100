// What the measuring scripts that drive Chromium share (lighthouse, styling-ab, start-ab): Debian's
// Chromium with a fresh profile on a free debugging port, the main thread's CPU time read from a
// trace, signing in as a demo user, and the median of a run's figures.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts'
import { freePort } from './measure-server.mjs'

/**
 * The page's main-thread tasks from the trace, by their thread time (CPU time: unlike their
 * length, not stretched when other processes share the machine), and the blocking time those
 * would give at Lighthouse's 4x CPU slowdown: a steadier figure to compare two builds with.
 */
export function cpuTasks(trace) {
  const events = trace?.traceEvents ?? []
  const nav =
    events.find(
      (e) =>
        e.name === 'navigationStart' &&
        e.args?.data?.isLoadingMainFrame &&
        e.args.data.documentLoaderURL?.startsWith('http'),
    ) ?? busiestMainFrameStart(events)
  if (!nav) return undefined
  let cpuMs = 0
  let blockingMs = 0
  let long = 0
  for (const e of events) {
    if (e.pid !== nav.pid || e.tid !== nav.tid || e.name !== 'RunTask' || e.ph !== 'X') continue
    if (e.ts < nav.ts) continue
    const ms = (e.tdur ?? e.dur) / 1000
    cpuMs += ms
    if (4 * ms > 50) {
      long++
      blockingMs += 4 * ms - 50
    }
  }
  return { cpuMs, blockingMs, long }
}

/**
 * A trace Playwright records of a load the service worker answers names no document URL at the
 * page's navigationStart; the page's is then the main-frame start on the busiest thread.
 */
function busiestMainFrameStart(events) {
  const starts = events.filter(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame,
  )
  const work = new Map()
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X')
      work.set(`${e.pid}:${e.tid}`, (work.get(`${e.pid}:${e.tid}`) ?? 0) + (e.tdur ?? e.dur))
  let best
  for (const start of starts)
    if (
      !best ||
      (work.get(`${start.pid}:${start.tid}`) ?? 0) > (work.get(`${best.pid}:${best.tid}`) ?? 0)
    )
      best = start
  return best
}

/** Chromium with a fresh profile, open to Lighthouse on a free debugging port. */
export async function openBrowser() {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'tote-lighthouse-chrome-'))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS],
  })
  const close = async () => {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  }
  return { browser, port, close }
}

/** Signs in on the login page at `loginUrl` as the demo user `email` (demo data: password123). */
export async function signInAsDemoUser(page, loginUrl, email) {
  await page.goto(loginUrl)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('password123')
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
