// Small helpers shared by the browser tests (Chromium itself is configured in
// playwright.config.ts).
import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'

export const DEMO_PASSWORD = 'password123'
export const ACTION_TIMEOUT_MS = 15_000

export type Session = { context: BrowserContext; page: Page; problems: string[] }

/** Records console errors, uncaught page errors and 5xx answers of `page` into `problems`. */
export function recordProblems(page: Page, problems: string[] = []): string[] {
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} ${response.url()}`)
  })
  return problems
}

/**
 * A fresh context (own storage, own service worker) and page that records what went wrong, for a
 * test that needs more than the `page` fixture (two users at once, a page that outlives a test).
 */
export async function openPage(browser: Browser, baseURL: string): Promise<Session> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' })
  context.setDefaultTimeout(ACTION_TIMEOUT_MS)
  context.setDefaultNavigationTimeout(30_000)
  const page = await context.newPage()
  return { context, page, problems: recordProblems(page) }
}

/** Resolves when the page's path is `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string, timeout = ACTION_TIMEOUT_MS) {
  await page.waitForURL((url) => url.pathname === path, { timeout })
}

/**
 * A prerendered public page is taken over by the app on the visitor's first interaction
 * (src/main.tsx): points at it and waits until the app handles the page.
 */
export async function startApp(page: Page) {
  await page.mouse.move(10, 10)
  await page.mouse.move(30, 30)
  await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
}

/** The form control labelled `label`; a required-field asterisk after the label is allowed. */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return scope.getByLabel(new RegExp(`^\\s*${escaped}\\s*\\*?\\s*$`))
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
}

/** Waits until the image `img` has loaded and decoded to a picture (not a broken icon). */
export async function expectImageShown(img: Locator, message: string) {
  await expect(img).toBeVisible()
  await expect
    .poll(
      () =>
        img.evaluate((el) => {
          const image = el as HTMLImageElement
          return image.complete && image.naturalWidth > 0
        }),
      message,
    )
    .toBe(true)
}

/** Waits for the verification mail in the dev outbox and returns its /verify-email link. */
export async function verificationLink(
  page: Page,
  baseURL: string,
  email: string,
): Promise<string> {
  let link = ''
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `${baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`,
        )
        if (!response.ok()) return `HTTP ${response.status()}`
        const body = (await response.json()) as { data?: { text: string }[] }
        for (const mail of body.data ?? []) {
          const match = String(mail.text).match(/\/verify-email\?token=[^\s"'<>)]+/)
          if (match) link ||= match[0]
        }
        return link ? 'found' : 'no mail yet'
      },
      { message: `no verification mail for ${email} in /api/dev/outbox`, intervals: [250] },
    )
    .toBe('found')
  return link
}

/**
 * Ticks a checkbox the way a keyboard user does (focus, Space): Chakra's box hides its input under
 * the drawn box, and a label may hold links that a click in its middle would follow.
 */
export async function tick(box: Locator) {
  await box.focus()
  await box.press('Space')
  await expect(box).toBeChecked()
}

/** The chunks in the worker's cache of role code (sw/role-code.ts), by name. */
export function roleCode(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('tote-role-code-v1')
    const names = (await cache.keys()).map(
      (r) => /\/assets\/([a-z-]+)-[\w-]{8}\.js$/.exec(r.url)?.[1] ?? r.url,
    )
    return names.sort()
  })
}
