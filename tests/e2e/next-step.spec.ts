// Browser scenario (issue 29 part 1): on a 360 × 800 phone, every item page opens with its next
// step, and the button that takes it sits inside the first screen: the sender's offer to accept
// and pay, the deliverer's request, and the deliverer's pickup. The real server and the built PWA.
import type { Locator, Page } from '@playwright/test'
import {
  apiCall,
  BERLIN_TO_MUNICH,
  apiLogin,
  apiMultipart,
  postApprovedItem,
  TINY_PDF,
} from './support/api'
import { expect, expectPresent, test } from './fixtures'

const PHONE = { width: 360, height: 800 }

/** The control is on the first screen of the page, without scrolling. */
async function expectOnFirstScreen(page: Page, control: Locator, what: string) {
  await expect(control, what).toBeVisible({ timeout: 45_000 })
  await page.evaluate(() => window.scrollTo(0, 0))
  const box = await control.boundingBox()
  expectPresent(box, `${what} has no box`)
  expect(
    box.y + box.height,
    `${what} ends within the first ${PHONE.height} px`,
  ).toBeLessThanOrEqual(PHONE.height)
}

test('the next step and its button are on the first screen of each item page', async ({
  senderPage,
  delivererPage,
  server,
}) => {
  test.setTimeout(180_000)
  const base = server.baseURL
  const sender = await apiLogin(base, 'sender@example.com')
  const deliverer = await apiLogin(base, 'deliverer@example.com')
  const admin = await apiLogin(base, 'admin@example.com')
  const item = await postApprovedItem(base, sender.token, admin.token, `Next step ${Date.now()}`)

  // A deliverer who has not offered yet: the card offers the request.
  await delivererPage.setViewportSize(PHONE)
  await delivererPage.goto(`/available-items/${item.id}`)
  const offerCard = delivererPage.getByRole('region', { name: 'Carry it for $30.00' })
  await expect(offerCard.getByText('Your turn')).toBeVisible({ timeout: 45_000 })
  await expectOnFirstScreen(
    delivererPage,
    offerCard.getByRole('link', { name: 'Request to deliver' }),
    "the deliverer's request link",
  )

  await apiMultipart(
    base,
    deliverer.token,
    '/api/request-item',
    { item_id: item.id, accept_privacy: 'true' },
    { proof_of_travel: { name: 'ticket.pdf', type: 'application/pdf', bytes: TINY_PDF } },
  )
  await delivererPage.reload()
  await expect(
    delivererPage
      .getByRole('region', { name: 'Requested' })
      .getByText("Waiting for the admin's review"),
  ).toBeVisible({ timeout: 45_000 })
  await apiCall(base, admin.token, 'POST', '/api/admin/delivery-approval', {
    item_id: item.id,
    deliverer_id: deliverer.user.id,
    decision: 'approved',
  })

  // The sender's one decision: accept and pay, first on the page.
  await senderPage.setViewportSize(PHONE)
  await senderPage.goto(`/items/${item.id}`)
  const accept = senderPage.getByRole('button', { name: 'Accept and pay $30.00' })
  await expectOnFirstScreen(senderPage, accept, "the sender's Accept and pay")
  await senderPage.screenshot({ path: test.info().outputPath('sender-offer-360.png') })

  // Accepted and paid through the API here (the payment dialog has its own tests): the deliverer's
  // delivery opens with the pickup.
  const { data: intent } = await apiCall(base, sender.token, 'POST', '/api/create-payment-intent', {
    item_id: item.id,
    deliverer_id: deliverer.user.id,
    status: 'accepted',
  })
  await apiCall(base, sender.token, 'POST', '/api/test-payments/confirm', {
    client_secret: intent.client_secret,
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    cvc: '123',
  })
  await apiCall(base, sender.token, 'POST', '/api/update-request-status', {
    item_id: item.id,
    deliverer_id: deliverer.user.id,
    status: 'accepted',
  })
  const { success } = await apiCall(base, sender.token, 'POST', '/api/update-payment-status', {
    item_id: item.id,
  })
  expect(success, 'the payment was recorded').toBe(true)

  await delivererPage.goto(`/my-deliveries/${item.id}`)
  await expectOnFirstScreen(
    delivererPage,
    delivererPage.getByRole('button', { name: 'Confirm pickup' }),
    "the deliverer's Confirm pickup",
  )
  await delivererPage.screenshot({ path: test.info().outputPath('deliverer-pickup-360.png') })

  // The sender, back on the item, is told to hand it over, with the pickup code a tap away.
  await senderPage.goto(`/items/${item.id}`)
  await expectOnFirstScreen(
    senderPage,
    senderPage.getByRole('link', { name: 'Show the pickup code' }),
    "the sender's pickup code link",
  )
})

test('on a phone, Available items with a route starts its results on the first screen', async ({
  delivererPage: page,
  server,
}) => {
  test.setTimeout(120_000)
  const base = server.baseURL
  const sender = await apiLogin(base, 'sender@example.com')
  const admin = await apiLogin(base, 'admin@example.com')
  const item = await postApprovedItem(base, sender.token, admin.token, `On the route ${Date.now()}`)

  await page.setViewportSize(PHONE)
  await page.goto(BERLIN_TO_MUNICH)
  // The route folds into one line; its fields are a tap away.
  const route = page.getByRole('region', { name: 'Your route', exact: true })
  await expect(route).toContainText('Berlin, Germany → to Munich, Germany', { timeout: 45_000 })
  await expect(route.getByRole('combobox')).toHaveCount(0)
  await expectOnFirstScreen(
    page,
    page.getByRole('article').first().getByRole('heading').first(),
    'the first result',
  )
  await expect(page.getByRole('article', { name: item.name })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('available-route-360.png') })

  await route.getByRole('button', { name: 'Change route' }).click()
  await expect(route.getByRole('combobox', { name: /Current location/ })).toBeFocused()
  await expect(route.getByRole('combobox', { name: /Destination/ })).toHaveValue('Munich, Germany')
})
