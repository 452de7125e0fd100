// Every screen of the three roles, at 360 px and at desktop width, has no sideways
// scroll and no serious or critical axe-core violation, in the light and in the dark mode; on the
// phone every control a thumb can tap is at least 44 x 44 CSS px (issue 29). Runs against the real
// server and built PWA.
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { apiCall, apiLogin, type Session } from './support/api'
import type { TestServer } from './support/server'
import { expect, expectPresent, signIn, test } from './fixtures'

type Role = 'public' | 'sender' | 'deliverer' | 'admin'
type Size = readonly [number, number]
type Item = {
  id: string
  status: string
  sending_approval: string
  from_location: unknown
  to_location: unknown
}

const WIDTHS: Size[] = [
  [360, 740],
  [1280, 800],
]
const PUBLIC = ['/', '/login', '/signup', '/forgot-password', '/how-it-works', '/faq', '/privacy']
PUBLIC.push('/terms', '/contact', '/about', '/verify-email', '/reset-password', '/set-password')

/** The smallest box a thumb can hit, and the height of a text field, CSS px (docs/design.md,
 * "Tap targets"). */
const TAP = { min: 44, field: 48 }

/**
 * The controls on the page whose hit area is under `min` either way (a text field or select: under
 * `field` high), as "kind 'name' is WxH". The hit area is the control's box, or for a checkbox or
 * radio, the label row that takes the tap. Links in sentences count too (issue 29: inline action links
 * included). Not counted: what a user cannot see (hidden, or clipped to 1 px for screen readers)
 * and what a tap goes through (pointer-events: none). A link stretched over its card by an
 * absolute ::before (a whole dashboard tile) is measured as the card.
 */
function tapTargetsUnder({ min, field }: typeof TAP): string[] {
  const selector = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    '[role=button]',
    '[role=link]',
    '[role=checkbox]',
    '[role=radio]',
    '[role=switch]',
    '[role=tab]',
    '[role=menuitem]',
    '.maplibregl-marker',
  ].join(',')
  const seen = new Set<Element>()
  const small: string[] = []
  const nameOf = (el: Element) =>
    (
      el.getAttribute('aria-label') ??
      (el as HTMLElement).innerText ??
      el.getAttribute('title') ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40) ||
    (el as HTMLInputElement).name ||
    el.tagName.toLowerCase()
  for (const el of document.querySelectorAll(selector)) {
    let target: Element = el
    const input = el as HTMLInputElement
    // A hidden input inside a Chakra checkbox, radio or switch: its label takes the tap.
    if (el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(input.type)) {
      target = el.closest('label') ?? el.parentElement ?? el
    }
    if (seen.has(target)) continue
    seen.add(target)
    if (!target.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
    // A map label that lets taps through (the route's From and To) is not a control.
    if (getComputedStyle(target).pointerEvents === 'none') continue
    // A link that stretches over its card (Chakra's LinkOverlay: an absolute ::before over the
    // positioned card) is tapped anywhere on the card: measure the card.
    const before = getComputedStyle(target, '::before')
    const stretched =
      before.content !== 'none' && before.position === 'absolute' && target instanceof HTMLElement
    const box = (
      stretched ? ((target as HTMLElement).offsetParent ?? target) : target
    ).getBoundingClientRect()
    if (box.width <= 1 || box.height <= 1) continue
    // A control inside a bigger one (an icon inside a button) is tapped through its parent.
    const outer = target.parentElement?.closest(selector)
    if (outer && outer !== target && seen.has(outer)) {
      const o = outer.getBoundingClientRect()
      if (o.width >= min && o.height >= min) continue
    }
    const typed =
      ['SELECT', 'TEXTAREA'].includes(el.tagName) ||
      (el.tagName === 'INPUT' && !['checkbox', 'radio', 'range', 'file'].includes(input.type))
    const high = typed ? field : min
    if (box.width + 0.5 >= min && box.height + 0.5 >= high) continue
    const kind =
      el.getAttribute('role') ??
      (el.classList.contains('maplibregl-marker') ? 'marker' : el.tagName.toLowerCase())
    small.push(`${kind} '${nameOf(el)}' is ${Math.round(box.width)}x${Math.round(box.height)}`)
  }
  return small
}

test.describe('every screen, phone and desktop', () => {
  let server: TestServer
  let browser: Browser
  const sessions: Partial<Record<Role, Session>> = {}
  const routes = {} as Record<Role, string[]>

  test.beforeAll(async ({ fileServers, browser: shared }, testInfo) => {
    testInfo.setTimeout(120_000)
    server = await fileServers.forFile(testInfo.file)
    browser = shared
    for (const role of ['sender', 'deliverer', 'admin'] as const) {
      sessions[role] = await apiLogin(server.baseURL, `${role}@example.com`)
    }
    const call = (role: Role, path: string) =>
      apiCall(server.baseURL, sessions[role]?.token ?? null, 'GET', path)
    const { data: own } = await call('sender', '/api/items?per_page=50')
    const items = own.items as Item[]
    const senderItem = items[0]
    const { data: carried } = await call('deliverer', '/api/my-deliveries')
    const delivery = (carried.items as Item[]).find((i) => i.status !== 'pending')
    const open = items.find((i) => i.status === 'pending' && i.sending_approval === 'approved')
    const review = items.find((i) => i.sending_approval === 'pending') ?? senderItem
    const lacks = 'the demo seed lacks an item to visit'
    expectPresent(senderItem, `${lacks} (a sender's item)`)
    expectPresent(delivery, `${lacks} (a delivery under way)`)
    expectPresent(open, `${lacks} (an approved, open item)`)
    expectPresent(review, `${lacks} (an item to review)`)
    routes.public = PUBLIC
    routes.sender = ['/dashboard', '/items', `/items/${senderItem.id}`, '/post-item']
    routes.sender.push('/payment-method', '/profile', '/my-deliveries', '/rejected-requests')
    routes.deliverer = ['/deliverer-dashboard', '/available-items', `/available-items/${open.id}`]
    routes.deliverer.push('/my-deliveries', `/my-deliveries/${delivery.id}`, '/rejected-requests')
    routes.deliverer.push('/payment-method', '/profile', '/trips', '/notifications')
    // The list with its corridor map and numbered cards, on the route of the open item.
    const around = new URLSearchParams({
      origin: JSON.stringify(open.from_location),
      destination: JSON.stringify(open.to_location),
    })
    routes.deliverer.push(`/available-items?${around}`)
    // /trips with a trip on it, not only its empty state.
    await apiCall(server.baseURL, sessions.deliverer?.token ?? null, 'POST', '/api/trips', {
      name: 'Weekly run',
      origin_address: open.from_location,
      destination_address: open.to_location,
      radius_km: 15,
      travel_date: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10),
    })
    routes.admin = ['/admin-dashboard', '/items-management', `/sending-approval/item/${review.id}`]
    routes.admin.push('/users', '/agreements')
  })

  /** Serious and critical axe-core findings on the page as it is now, one line each. */
  async function axeProblems(page: Page, where: string): Promise<string[]> {
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    return axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => {
        const at = v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')
        return `${where}: ${v.impact} ${v.id} at ${at}`
      })
  }

  /**
   * Visits each route of `role` at one size, in the light scheme and then, on the same page, in
   * the dark one (the device switching, as at sunset: loading every screen again for the second
   * scheme took a third of the file's time); answers the problems found, one line each.
   */
  async function visit(role: Role, [width, height]: Size): Promise<string[]> {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width, height },
      serviceWorkers: 'block',
      colorScheme: 'light',
    })
    const session = sessions[role]
    if (session) await signIn(context, server.baseURL, session)
    const page = await context.newPage()
    const problems: string[] = []
    const html = page.locator('html')
    try {
      for (const path of routes[role]) {
        await page.emulateMedia({ colorScheme: 'light' })
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
          timeout: 20_000,
        })
        // Lists settle once their data arrives: the page then shows no loading line (the boot
        // skeleton's own stays in the document, hidden).
        await expect(page.getByText(/^Loading\b/).filter({ visible: true })).toHaveCount(0)
        // On a phone the route's map comes on a tap: open it, so its markers are audited too.
        const showMap = page.getByRole('button', { name: 'Show route map' })
        if (path.startsWith('/available-items?') && (await showMap.isVisible())) {
          await showMap.click()
          await expect(
            page.getByRole('region', { name: 'Map of your route and the items on it' }),
          ).toBeVisible()
        }
        await expect(html, `${path} in the light scheme`).toHaveClass(/\blight\b/)
        const overflow = await page.evaluate(() => {
          const root = document.documentElement
          if (root.scrollWidth <= root.clientWidth) return null
          const wide = [...document.querySelectorAll('body *')].find(
            (el) => el.getBoundingClientRect().right > root.clientWidth + 1,
          )
          return `${root.scrollWidth} > ${root.clientWidth} (${wide?.tagName.toLowerCase()}.${wide?.className})`
        })
        if (overflow) problems.push(`${path} @${width}: scrolls sideways, ${overflow}`)
        if (width < 768) {
          for (const line of await page.evaluate(tapTargetsUnder, TAP)) {
            problems.push(`${path} @${width}: ${line}`)
          }
        }
        problems.push(...(await axeProblems(page, `${path} @${width} light`)))
        await page.emulateMedia({ colorScheme: 'dark' })
        await expect(html, `${path} follows the device into the dark scheme`).toHaveClass(
          /\bdark\b/,
        )
        // Colours ease over 0.2 s (Chakra's transitions): read them once they have arrived.
        await expect
          .poll(() =>
            page.evaluate(
              () => document.getAnimations().filter((a) => a instanceof CSSTransition).length,
            ),
          )
          .toBe(0)
        problems.push(...(await axeProblems(page, `${path} @${width} dark`)))
      }
    } finally {
      await context.close()
    }
    return problems
  }

  test('a cold start shows the app frame and a skeleton, never a blank page', async () => {
    for (const [width, height] of WIDTHS) {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width, height },
        serviceWorkers: 'block',
      })
      expectPresent(sessions.sender)
      await signIn(context, server.baseURL, sessions.sender)
      // The app's code never arrives: what shows is what a slow first load shows meanwhile.
      await context.route('**/assets/**', (route) => route.abort())
      const page = await context.newPage()
      await page.goto('/dashboard')
      const status = page.getByRole('status')
      await expect(status).toHaveText('Loading Tote…')
      // The sidebar on wide screens, the header bar on phones, as the app draws them.
      const wide = width >= 768
      await expect(page.locator('#boot-skeleton .side')).toBeVisible({ visible: wide })
      await expect(page.locator('#boot-skeleton .top')).toBeVisible({ visible: !wide })
      await context.close()
    }
  })

  for (const role of ['public', 'sender', 'deliverer', 'admin'] as const) {
    for (const size of WIDTHS) {
      test(`${role} screens at ${size[0]} px, light and dark`, async () => {
        test.setTimeout(5 * 60_000)
        const problems = await visit(role, size)
        expect(problems, `\n${problems.join('\n')}`).toEqual([])
      })
    }
  }
})
