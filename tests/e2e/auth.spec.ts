// Browser scenarios (decisions 002, 029): sign-up with e-mail verification, role landing pages, the
// route guard and logout, and a tampered token. Runs against the real server and built PWA.
// These tests are about logging in, so they log in through the UI.
import type { Page } from '@playwright/test'
import { apiCall } from './support/api'
import { field, logIn, tick, verificationLink, waitForPath } from './support/browser'
import { expect, test } from './fixtures'

test.describe('accounts and route guards', () => {
  test('a new deliverer signs up, verifies the e-mail, logs in, is guarded and logs out', async ({
    page,
    server,
  }) => {
    const email = `deliverer-${Date.now()}@example.com`

    await page.goto('/signup')
    await field(page, 'Name').fill('Tess Traveller')
    await field(page, 'Email').fill(email)
    await field(page, 'Password').fill('correct-horse-42')
    await chooseRole(page, 'Deliverer')
    await tick(
      page.getByRole('checkbox', { name: 'I accept the Terms of service and the Privacy policy' }),
    )
    await page.getByRole('button', { name: 'Create account' }).click()

    const link = await verificationLink(page, server.baseURL, email)
    await page.goto(link)
    await expect(page.getByText(/verified/i).first()).toBeVisible()

    await logIn(page, email, 'correct-horse-42')
    await waitForPath(page, '/deliverer-dashboard')
    await expect(page.getByRole('heading', { name: 'Deliverer dashboard' })).toBeVisible()

    // A sender-only route sends a deliverer back to their own dashboard.
    await page.goto('/items')
    await waitForPath(page, '/deliverer-dashboard')
    await expect(page.getByRole('heading', { name: 'Deliverer dashboard' })).toBeVisible()

    await logOut(page)
    // Signed out for real: a guarded page now goes to the login page.
    await page.goto('/deliverer-dashboard')
    await waitForPath(page, '/login')
  })

  test("the owner's browser signs in while someone elsewhere guesses at the address", async ({
    page,
    context,
    server,
  }) => {
    const email = `owner-${Date.now()}@example.com`
    const password = 'correct-horse-42'
    await apiCall(server.baseURL, null, 'POST', '/api/register', {
      name: 'Olive Owner',
      email,
      password,
      role: 'sender',
      accept_terms: true,
    })
    const link = new URL(await verificationLink(page, server.baseURL, email), server.baseURL)
    await apiCall(server.baseURL, null, 'POST', '/api/verify-email', {
      token: link.searchParams.get('token'),
    })

    await logIn(page, email, password)
    await waitForPath(page, '/dashboard')
    // The browser keeps the device cookie, out of the page's reach, sent with logins only.
    const device = (await context.cookies()).find((c) => c.name.startsWith('tote_device_'))
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' })
    expect(await page.evaluate(() => document.cookie)).not.toContain('tote_device_')
    await logOut(page)

    // Someone else guesses until the address is locked for every client the server does not know.
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const response = await fetch(new URL('/api/login', server.baseURL), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: `guess-${i}-password` }),
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])

    // The owner's browser (through its service worker) still signs in.
    await logIn(page, email, password)
    await waitForPath(page, '/dashboard')
  })

  test('the demo admin logs in and lands on the admin dashboard, never showing an unnamed button', async ({
    page,
  }) => {
    // Every button on screen from the click to the dashboard, watched as the page changes: its
    // name is its label, its visible text or its title (a busy button's text is hidden).
    await page.addInitScript(() => {
      const unnamed: string[] = []
      ;(window as unknown as { unnamedButtons: string[] }).unnamedButtons = unnamed
      const check = () => {
        for (const button of document.querySelectorAll<HTMLElement>('button, [role="button"]')) {
          if (!button.checkVisibility()) continue
          const name =
            button.getAttribute('aria-label') ||
            button.getAttribute('aria-labelledby') ||
            button.innerText.trim() ||
            button.title
          if (!name) unnamed.push(button.outerHTML.slice(0, 200))
        }
      }
      new MutationObserver(check).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      })
    })
    await logIn(page, 'admin@example.com')
    await waitForPath(page, '/admin-dashboard')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(
      await page.evaluate(() => (window as unknown as { unnamedButtons: string[] }).unnamedButtons),
    ).toEqual([])
  })

  test('a tampered stored token sends the user to the login page on reload', async ({ page }) => {
    await logIn(page, 'deliverer@example.com')
    await waitForPath(page, '/deliverer-dashboard')
    await expect(page.getByRole('heading', { name: 'Deliverer dashboard' })).toBeVisible()

    const tampered = await page.evaluate(() => {
      const jwt = /^"?([\w-]+\.[\w-]+)\.([\w-]+)"?$/
      const keys: string[] = []
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)
        const value = key === null ? null : localStorage.getItem(key)
        const match = value?.match(jwt)
        if (!key || !value || !match?.[2]) continue
        // Same header and claims, a different signature: only the server can tell.
        const signature = match[2]
        const forged = signature.startsWith('A')
          ? 'B' + signature.slice(1)
          : 'A' + signature.slice(1)
        localStorage.setItem(key, value.replace(signature, forged))
        keys.push(key)
      }
      return keys
    })
    expect(
      tampered.length,
      'no JWT-looking value found in localStorage after login',
    ).toBeGreaterThan(0)

    await page.reload()
    await waitForPath(page, '/login')
  })
})

async function logOut(page: Page) {
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('link', { name: 'Logout' }))
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .first()
    .click()
  await waitForPath(page, '/login')
}

/** The sign-up form's role choice may be radios (possibly visually hidden), buttons or a select. */
async function chooseRole(page: Page, role: string) {
  const radio = page.getByRole('radio', { name: role })
  if ((await radio.count()) > 0) {
    try {
      await radio.first().check({ timeout: 3_000 })
    } catch {
      // A custom radio hides its input: click the label that wraps it.
      await page.locator('label', { has: radio.first() }).first().click()
    }
    await expect(radio.first(), `the '${role}' radio is not checked`).toBeChecked()
    return
  }
  const select = page.getByRole('combobox', { name: /role|account type|join as/i })
  if ((await select.count()) > 0) {
    await select.first().selectOption({ label: role })
    return
  }
  await page
    .getByRole('button', { name: role })
    .or(page.getByText(role, { exact: true }))
    .first()
    .click()
}
