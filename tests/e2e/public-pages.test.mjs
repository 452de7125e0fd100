/* global document */
// The prerendered public pages (issue 11): real HTML that reads and links without JavaScript,
// taken over by the app without a second render, in Debian's Chromium against the built server.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  DEMO_PASSWORD,
  launchBrowser,
  openPage,
  scenario,
  waitForPath,
} from './support/browser.mjs'
import { startServer } from './support/server.mjs'

const PAGES = [
  '/',
  '/how-it-works',
  '/faq',
  '/privacy',
  '/terms',
  '/contact',
  '/about',
  '/login',
  '/signup',
  '/forgot-password',
]
const FORMS = {
  '/login': 'sign in',
  '/signup': 'create an account',
  '/forgot-password': 'reset your password',
}

describe('prerendered public pages', { timeout: 300_000 }, () => {
  let server
  let browser
  before(async () => {
    server = await startServer()
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  const visibleText = (page) => page.locator('body').innerText()

  it('read, link and say what they need without JavaScript', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      for (const path of PAGES) {
        const response = await page.goto(path)
        assert.equal(response.status(), 200, path)
        assert.equal(response.headers()['content-encoding'], 'br', `${path} is sent compressed`)
        const text = await visibleText(page)
        assert.ok(text.length > 200, `${path} shows its content without JavaScript`)
        assert.match(await page.title(), /Tote/, path)
        assert.ok(
          await page.locator('head link[rel="canonical"]').count(),
          `${path} has a canonical link`,
        )
        assert.ok(
          (await page.locator('head meta[name="description"]').getAttribute('content'))?.length >
            40,
          `${path} has a meta description`,
        )
        assert.equal(
          await page.locator('head meta[property="og:title"]').getAttribute('content'),
          await page.title(),
        )
        if (FORMS[path]) {
          const notice = `JavaScript is needed to ${FORMS[path]} on Tote`
          assert.ok(text.includes(notice), `${path} says: ${notice}`)
          assert.equal(await page.locator('form').getAttribute('method'), 'post', path)
        }
      }
      // A link is a link: following one loads the next page, still without JavaScript.
      await page.goto('/')
      await page.getByRole('navigation', { name: 'Main navigation' }).getByText('FAQ').click()
      await waitForPath(page, '/faq')
      assert.ok((await visibleText(page)).includes('Frequently asked questions'))
    } finally {
      await context.close()
    }
  })

  it(
    'are taken over by the app with the same text, and no error or hydration warning',
    { timeout: 180_000 },
    async () => {
      const session = await openPage(browser, server.baseURL)
      const { page } = session
      try {
        await scenario('public-pages-hydration', session, async () => {
          for (const path of PAGES) {
            await page.goto(path)
            const prerendered = await visibleText(page)
            // The app waits for the visitor: nothing has taken the page over yet.
            assert.equal(
              await page.evaluate(() => 'appReady' in document.documentElement.dataset),
              false,
              path,
            )
            await page.mouse.move(20, 20)
            await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
            assert.equal(await visibleText(page), prerendered, `${path} reads the same`)
          }
          assert.deepEqual(session.problems, [], 'errors recorded while taking pages over')
        })
      } finally {
        await session.context.close()
      }
    },
  )

  it(
    'keeps what was typed before the app ran, and sends a submit made before then',
    { timeout: 90_000 },
    async () => {
      const session = await openPage(browser, server.baseURL)
      const { page } = session
      try {
        await scenario('public-pages-early-submit', session, async () => {
          await page.goto('/login')
          // Typed (or autofilled) while only the HTML was there: no event reached any script.
          await page.evaluate((password) => {
            document.querySelector('input[name=email]').value = 'deliverer@example.com'
            document.querySelector('input[name=password]').value = password
          }, DEMO_PASSWORD)
          let leaked = false
          page.on('request', (request) => {
            if (request.url().includes('password=')) leaked = true
          })
          await page.getByRole('button', { name: 'Log in', exact: true }).click()
          await waitForPath(page, '/deliverer-dashboard', 30_000)
          assert.equal(leaked, false, 'the password went into a URL')
          assert.deepEqual(session.problems, [], 'errors recorded during the early submit')
        })
      } finally {
        await session.context.close()
      }
    },
  )

  it('lists the public pages for crawlers', async () => {
    const robots = await (await fetch(`${server.baseURL}/robots.txt`)).text()
    assert.match(robots, /Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/)
    const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text()
    for (const path of PAGES) assert.ok(sitemap.includes(`${path}</loc>`), `${path} in the sitemap`)
  })
})
