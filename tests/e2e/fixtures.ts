// The browser tests' fixtures: a fresh server per test file (the real API and built PWA on a
// fresh DATA_DIR, as tests change data), `baseURL` pointing at it, and pages already signed in as
// one of the demo users. Every page a fixture opens records console errors, uncaught page errors
// and 5xx answers; a failed test gets them attached next to its trace and screenshot.
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'
import { apiLogin, type Session as ApiSession } from './support/api'
import { ACTION_TIMEOUT_MS, recordProblems } from './support/browser'
import { startServer, type TestServer } from './support/server'

export { expect }

/**
 * Fails the test with `message` unless `value` is there (not null, undefined, empty or false), and
 * tells TypeScript so: what the test goes on to use it for needs it.
 */
export function expectPresent<T>(value: T, message?: string): asserts value is NonNullable<T> {
  expect(value, message).toBeTruthy()
}

export type Role = 'sender' | 'deliverer' | 'admin'

/**
 * One server per test file. Playwright runs a file's tests one after another in one worker, and
 * reuses the worker for the next file: the first test (or beforeAll) of a file starts a server,
 * the first of the next file stops it and starts its own, the worker's end stops the last.
 */
class FileServers {
  private current: { file: string; server: Promise<TestServer> } | null = null

  forFile(file: string): Promise<TestServer> {
    if (this.current?.file === file) return this.current.server
    const previous = this.current?.server
    const server = (async () => {
      await (await previous?.catch(() => null))?.stop()
      return startServer()
    })()
    this.current = { file, server }
    return server
  }

  async close() {
    const previous = this.current?.server
    this.current = null
    await (await previous?.catch(() => null))?.stop()
  }
}

const problemsByPage = new WeakMap<Page, string[]>()

/** What went wrong behind the user's back on a fixture's page (console errors, crashes, 5xx). */
export function problemsOf(page: Page): string[] {
  const problems = problemsByPage.get(page)
  if (!problems) throw new Error('this page was not opened by a fixture')
  return problems
}

/**
 * Signs `context` in as the API login `session` did: the token, its expiry and the user go into
 * localStorage before the app's first script runs, once per tab (the app owns them afterwards,
 * so a logout or a changed token sticks across reloads).
 */
export async function signIn(context: BrowserContext, baseURL: string, session: ApiSession) {
  await context.addInitScript(
    ({ s, origin }) => {
      if (location.origin !== origin || sessionStorage.getItem('tote.e2e.signed-in')) return
      localStorage.setItem('tote.token', s.token)
      localStorage.setItem('tote.token_expiry', s.expires_at)
      localStorage.setItem('tote.user', JSON.stringify(s.user))
      sessionStorage.setItem('tote.e2e.signed-in', '1')
    },
    { s: session, origin: new URL(baseURL).origin },
  )
}

/** A new context and page signed in as the demo `role` user. */
export async function rolePage(
  browser: Browser,
  baseURL: string,
  role: Role,
): Promise<{ context: BrowserContext; page: Page; session: ApiSession }> {
  const session = await apiLogin(baseURL, `${role}@example.com`)
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' })
  context.setDefaultTimeout(ACTION_TIMEOUT_MS)
  await signIn(context, baseURL, session)
  const page = await context.newPage()
  problemsByPage.set(page, recordProblems(page))
  return { context, page, session }
}

type WorkerFixtures = {
  /**
   * For a beforeAll hook, which cannot use test fixtures:
   * `server = await fileServers.forFile(testInfo.file)` is the `server` of the file's tests.
   */
  fileServers: FileServers
}
type TestFixtures = {
  /** This file's server. */
  server: TestServer
  /** Console errors, page errors and 5xx answers seen by `page`. */
  problems: string[]
  senderPage: Page
  delivererPage: Page
  adminPage: Page
}

function roleFixture(role: Role) {
  return async (
    { browser, server }: { browser: Browser; server: TestServer },
    use: (page: Page) => Promise<void>,
    testInfo: import('@playwright/test').TestInfo,
  ) => {
    const { context, page } = await rolePage(browser, server.baseURL, role)
    await use(page)
    await attachProblems(testInfo, `${role} page problems`, problemsOf(page))
    await context.close()
  }
}

async function attachProblems(
  testInfo: import('@playwright/test').TestInfo,
  name: string,
  problems: string[],
) {
  if (testInfo.status !== testInfo.expectedStatus && problems.length > 0) {
    await testInfo.attach(name, { body: problems.join('\n'), contentType: 'text/plain' })
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  fileServers: [
    async ({}, use) => {
      const servers = new FileServers()
      await use(servers)
      await servers.close()
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ fileServers }, use, testInfo) => use(await fileServers.forFile(testInfo.file)),
    // Starting a server (PGlite migrations and the demo seed) takes 5-40 s on a loaded machine.
    { timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  page: async ({ page }, use) => {
    problemsByPage.set(page, recordProblems(page))
    await use(page)
  },
  problems: async ({ page }, use, testInfo) => {
    const problems = problemsOf(page)
    await use(problems)
    await attachProblems(testInfo, 'page problems', problems)
  },
  senderPage: roleFixture('sender'),
  delivererPage: roleFixture('deliverer'),
  adminPage: roleFixture('admin'),
})
