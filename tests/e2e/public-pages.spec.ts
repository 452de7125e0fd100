// The prerendered public pages (decision 012): real HTML that reads and links without JavaScript,
// taken over by the app without a second render, in Debian's Chromium against the built server.
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, waitForPath } from './support/browser'
import { expect, expectPresent, test } from './fixtures'

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
        expectPresent(response, `${path} answered nothing`)
        expect(response.status(), path).toBe(200)
        expect(response.headers()['content-encoding'], `${path} is sent compressed`).toBe('br')
        const text = await visibleText(page)
        expect(text.length, `${path} shows its content without JavaScript`).toBeGreaterThan(200)
        await expect(page, path).toHaveTitle(/Tote/)
        await expect(
          page.locator('head link[rel="canonical"]'),
          `${path} has a canonical link`,
        ).not.toHaveCount(0)
        await expect(
          page.locator('head meta[name="description"]'),
          `${path} has a meta description`,
        ).toHaveAttribute('content', /.{41}/)
        await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute(
          'content',
          await page.title(),
        )
      }
      // The forms need the app and say so without it.
      for (const [path, form] of Object.entries(FORMS)) {
        await page.goto(path)
        const notice = `JavaScript is needed to ${form} on Tote`
        expect(await visibleText(page), `${path} says: ${notice}`).toContain(notice)
        await expect(page.locator('form'), path).toHaveAttribute('method', 'post')
      }
      // A link is a link: following one loads the next page, still without JavaScript.
      await page.goto('/')
      await page.getByRole('navigation', { name: 'Main navigation' }).getByText('FAQ').click()
      await waitForPath(page, '/faq')
      await expect(page.getByText('Frequently asked questions').first()).toBeVisible()
    } finally {
      await context.close()
    }
  })

  test('are taken over by the app with the same text, where the visitor scrolled to, and no error or hydration warning', async ({
    page,
    problems,
  }) => {
    test.setTimeout(180_000)
    // A phone: every page is taller than its window.
    await page.setViewportSize({ width: 360, height: 640 })
    for (const path of PAGES) {
      await page.goto(path)
      const prerendered = await visibleText(page)
      // The app waits for the visitor: nothing has taken the page over yet.
      expect(await page.evaluate(() => 'appReady' in document.documentElement.dataset), path).toBe(
        false,
      )
      // They have read down the page when they first point at it: the page stays there, so what they tap next is what was under their finger.
      const scrolled = await page.evaluate(() => {
        window.scrollTo(0, 200)
        return window.scrollY
      })
      expect(scrolled, `${path} scrolls`).toBeGreaterThan(0)
      await page.mouse.move(20, 20)
      await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
      expect(await visibleText(page), `${path} reads the same`).toBe(prerendered)
      expect(await page.evaluate(() => window.scrollY), `${path} stays where it was`).toBe(scrolled)
    }
    expect(problems, 'errors recorded while taking pages over').toEqual([])
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
    expect(leaked, 'the password went into a URL').toBe(false)
    expect(problems, 'errors recorded during the early submit').toEqual([])
  })

  test('lists the public pages for crawlers', async ({ server }) => {
    const robots = await (await fetch(`${server.baseURL}/robots.txt`)).text()
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/)
    const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text()
    for (const path of PAGES) expect(sitemap, `${path} in the sitemap`).toContain(`${path}</loc>`)
  })
})
