// Browser scenario (issue 27, decisions 038 and 041): the test provider's money path end to end.
// The sender pays by card on a phone, the deliverer sets up payouts, the item is picked up and
// delivered with its codes, the hold passes (PAYOUT_HOLD_HOURS set to a few seconds for this
// server), and the deliverer sees the delivery paid: the price less Tote's 10 % fee. The real
// server with its job worker, and the built PWA.
import {
  apiCall,
  apiLogin,
  apiMultipart,
  offerApproved,
  postApprovedItem,
  TINY_PDF,
} from './support/api'
import { field, waitForPath } from './support/browser'
import { startServer, type TestServer } from './support/server'
import { expect, rolePage, test } from './fixtures'

test.describe('money held until delivery, then paid out', () => {
  test.describe.configure({ mode: 'serial' })
  let server: TestServer

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000)
    // 0.005 h = 18 s: long enough to see the money held, short enough to wait for.
    server = await startServer({ env: { PAYOUT_HOLD_HOURS: '0.005' } })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('pay, deliver, the hold passes, the deliverer sees the amount paid', async ({ browser }) => {
    test.setTimeout(240_000)
    const base = server.baseURL
    const sender = await apiLogin(base, 'sender@example.com')
    const deliverer = await apiLogin(base, 'deliverer@example.com')
    const admin = await apiLogin(base, 'admin@example.com')
    const name = `Money flow parcel ${Date.now()}`
    // sender_price 30: the deliverer earns $30.00 less a $3.00 fee.
    const item = await postApprovedItem(base, sender.token, admin.token, name)
    await offerApproved(base, item.id, deliverer, admin.token)

    // The sender accepts and pays on a phone.
    const asSender = await rolePage(browser, base, 'sender')
    const page = asSender.page
    await page.setViewportSize({ width: 360, height: 800 })
    await page.goto(`/items/${item.id}`)
    await page.getByRole('button', { name: 'Accept and pay $30.00' }).click({ timeout: 45_000 })
    const dialog = page.getByRole('dialog', { name: 'Enter payment details' })
    await expect(dialog.getByText('Test mode', { exact: true })).toBeVisible()
    await expect(dialog.getByText('$30.00', { exact: true })).toBeVisible()
    await field(dialog, 'Card number').fill('4242 4242 4242 4242')
    await field(dialog, 'Expiry (MM/YY)').fill(`12/${new Date().getFullYear() + 3 - 2000}`)
    await field(dialog, 'CVC').fill('123')
    await dialog.getByRole('button', { name: 'Pay $30.00' }).click()
    await waitForPath(page, `/items/${item.id}`, 30_000)
    await expect(page.getByText(`$30.00 was charged to your card for ${name}.`)).toBeVisible()
    await asSender.context.close()

    // The deliverer sets up payouts (the test provider's onboarding).
    const asDeliverer = await rolePage(browser, base, 'deliverer')
    const mine = asDeliverer.page
    await mine.setViewportSize({ width: 360, height: 800 })
    await mine.goto('/payment-method')
    // The demo deliverer started setting up earlier; a new one reads "Set up payouts".
    await mine
      .getByRole('link', { name: /^(Set up payouts|Continue payout setup)$/ })
      .click({ timeout: 45_000 })
    await waitForPath(mine, '/payment-method')
    await expect(mine.getByText(/Payouts are set up/)).toBeVisible()

    // Picked up and delivered with the sender's codes, as the deliverer's phone sends them.
    const codes = (await apiCall(base, sender.token, 'GET', `/api/items/${item.id}/handoff-codes`))
      .data as Record<'pickup' | 'delivery', { code: string }>
    for (const [status, step] of [
      ['in_process', 'pickup'],
      ['delivered', 'delivery'],
    ] as const)
      await apiMultipart(
        base,
        deliverer.token,
        '/api/update-delivery-status',
        {
          item_id: item.id,
          status,
          happened_at: new Date().toISOString(),
          handoff_code: codes[step].code,
        },
        step === 'delivery'
          ? { proof_of_delivery: { name: 'proof.pdf', type: 'application/pdf', bytes: TINY_PDF } }
          : {},
      )

    // Held first, then, the hold passed, paid: $30.00 less the $3.00 fee.
    const earning = mine
      .getByRole('list', { name: 'Earnings per delivery' })
      .getByRole('listitem')
      .filter({ hasText: name })
    await mine.reload()
    await expect(earning.getByText('Held', { exact: true })).toBeVisible()
    await expect(earning.getByText('$30.00 − fee $3.00 = $27.00')).toBeVisible()
    await expect(async () => {
      await mine.reload()
      await expect(earning.getByText('Paid', { exact: true })).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 120_000 })
    await expect(earning.getByText('$30.00 − fee $3.00 = $27.00')).toBeVisible()
    await mine.screenshot({ path: test.info().outputPath('paid-360.png'), fullPage: true })
    await asDeliverer.context.close()
  })
})
