/* global document */
// Debian's Chromium driven by playwright-core, plus small helpers shared by the browser tests.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { root } from './server.mjs'

export const DEMO_PASSWORD = 'password123'
const ACTION_TIMEOUT_MS = 15_000

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
}

/** A fresh context (own storage, own service worker) and page that records what went wrong. */
export async function openPage(browser, baseURL) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' })
  context.setDefaultTimeout(ACTION_TIMEOUT_MS)
  context.setDefaultNavigationTimeout(30_000)
  const page = await context.newPage()
  const problems = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} ${response.url()}`)
  })
  return { context, page, problems }
}

/**
 * Runs one scenario; on failure saves a screenshot and adds the page's URL, visible text and
 * recorded errors to the error, so a failure says whether the test or the app is at fault.
 */
export async function scenario(name, { page, problems }, fn) {
  try {
    await fn()
  } catch (error) {
    const dir = join(root, '.tmp', 'e2e-artifacts')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`)
    let text = ''
    try {
      await page.screenshot({ path: file, fullPage: true })
      text = (await page.locator('body').innerText({ timeout: 2_000 })).slice(0, 1_500)
      writeFileSync(file.replace(/\.png$/, '.html'), await page.content())
    } catch {
      // the page may be gone
    }
    const details = [
      `url: ${page.url()}`,
      `screenshot: ${file}`,
      `visible text: ${JSON.stringify(text)}`,
      `errors: ${problems.length ? problems.join('\n  ') : 'none'}`,
    ].join('\n')
    error.message = `${error.message}\n--- ${name} ---\n${details}`
    throw error
  }
}

/** Resolves when the page's path is `path` (client-side navigations included). */
export async function waitForPath(page, path, timeout = ACTION_TIMEOUT_MS) {
  await page.waitForURL((url) => url.pathname === path, { timeout })
}

/**
 * A prerendered public page is taken over by the app on the visitor's first interaction
 * (src/main.tsx): points at it and waits until the app handles the page.
 */
export async function startApp(page) {
  await page.mouse.move(10, 10)
  await page.mouse.move(30, 30)
  await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
}

/** The form control labelled `label`; a required-field asterisk after the label is allowed. */
export function field(page, label) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return page.getByLabel(new RegExp(`^\\s*${escaped}\\s*\\*?\\s*$`))
}

export async function logIn(page, email, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
}
