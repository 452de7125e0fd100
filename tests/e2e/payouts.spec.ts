// Browser scenario (decision 041): the demo deliverer's released earnings wait as available until
// they set up payouts (the test provider's onboarding, test mode said on the page), then go out by
// themselves and show as paid. Runs against the real server (with its job worker) and the built PWA.
import { waitForPath } from './support/browser'
import { expect, test } from './fixtures'

test.describe('a deliverer sets up payouts and gets paid', () => {
  test('available until set up, then paid by itself', async ({ delivererPage: page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 360, height: 740 })
    const earnings = page.getByRole('region', { name: 'Earnings' })
    const available = earnings.locator('dt', { hasText: 'Available' }).locator('+ dd')
    // The seeded delivery's hold passed: the server releases it soon after it starts.
    await expect(async () => {
      await page.goto('/payment-method')
      await expect(available).not.toHaveText('$0.00', { timeout: 2_000 })
    }).toPass({ timeout: 30_000 })
    await expect(page.getByText('Set up payouts to get paid')).toBeVisible()
    await expect(page.getByText(/Test mode/)).toBeVisible()
    const list = page.getByRole('list', { name: 'Earnings per delivery' })
    await expect(list.getByText('Available', { exact: true }).first()).toBeVisible()
    // Nothing is wider than the phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    const waiting = await available.textContent()

    await page.getByRole('link', { name: /payout setup|Set up payouts/ }).click()
    await waitForPath(page, '/payment-method')
    await expect(async () => {
      await page.reload()
      await expect(page.getByText(/Payouts are set up/)).toBeVisible({ timeout: 2_000 })
      await expect(available).toHaveText('$0.00', { timeout: 2_000 })
    }).toPass({ timeout: 30_000 })
    await expect(earnings.locator('dt', { hasText: 'Paid' }).locator('+ dd')).toHaveText(
      waiting ?? '',
    )
    await expect(list.getByText('Paid', { exact: true }).first()).toBeVisible()
  })
})
