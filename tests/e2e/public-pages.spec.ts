// The prerendered public pages (issue 11): real HTML that reads and links without JavaScript,
// taken over by the app without a second render, in Debian's Chromium against the built server.
import assert from 'node:assert/strict'
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, waitForPath } from './support/browser'
import { test } from './fixtures'

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
const FORMS: Record<string, string> = {
  '/login': 'sign in',
  '/signup': 'create an account',
  '/forgot-password': 'reset your password',
}

test.describe('prerendered public pages', () => {
  const visibleText = (page: Page) => page.locator('body').innerText()

  test('read, link and say what they need without JavaScript', async ({ browser, server }) => {
    test.setTimeout(120_000)
    const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      for (const path of PAGES) {
        const response = await page.goto(path)
        assert.ok(response, `${path} answered nothing`)
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
          ((await page.locator('head meta[name="description"]').getAttribute('content'))?.length ??
            0) > 40,
          `${path} has a meta description`,
        )
        assert.equal(
          await page.locator('head meta[property="og:title"]').getAttribute('content'),
          await page.title(),
        )
        const form = FORMS[path]
        if (form) {
          const notice = `JavaScript is needed to ${form} on Tote`
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

  test('are taken over by the app with the same text, and no error or hydration warning', async ({
    page,
    problems,
  }) => {
    test.setTimeout(180_000)
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
    assert.deepEqual(problems, [], 'errors recorded while taking pages over')
  })

  test('keeps what was typed before the app ran, and sends a submit made before then', async ({
    page,
    problems,
  }) => {
    test.setTimeout(90_000)
    await page.goto('/login')
    // Typed (or autofilled) while only the HTML was there: no event reached any script.
    await page.evaluate((password) => {
      const input = (name: string) => {
        const found = document.querySelector<HTMLInputElement>(`input[name=${name}]`)
        if (!found) throw new Error(`no input named ${name}`)
        return found
      }
      input('email').value = 'deliverer@example.com'
      input('password').value = password
    }, DEMO_PASSWORD)
    let leaked = false
    page.on('request', (request) => {
      if (request.url().includes('password=')) leaked = true
    })
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await waitForPath(page, '/deliverer-dashboard', 30_000)
    assert.equal(leaked, false, 'the password went into a URL')
    assert.deepEqual(problems, [], 'errors recorded during the early submit')
  })

  test('lists the public pages for crawlers', async ({ server }) => {
    const robots = await (await fetch(`${server.baseURL}/robots.txt`)).text()
    assert.match(robots, /Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/)
    const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text()
    for (const path of PAGES) assert.ok(sitemap.includes(`${path}</loc>`), `${path} in the sitemap`)
  })
})
