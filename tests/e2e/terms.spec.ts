// Browser scenario (issue 29, decision 044): a new sender signs up accepting the Terms of service
// and the Privacy policy, and their first payment asks for the sender terms admins publish before
// the card; the dialog says the payment is held until delivery. The real server and built PWA.
import { apiCall, apiLogin, offerApproved, postApprovedItem } from './support/api'
import { field, logIn, tick, verificationLink, waitForPath } from './support/browser'
import { expect, test } from './fixtures'

test('a new sender accepts the terms at sign-up and the sender terms before the first payment', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000)
  const base = server.baseURL
  const email = `new-sender-${Date.now()}@example.com`
  const password = 'correct-horse-42'

  // Sign-up: refused until the terms are ticked, then the mail to verify.
  await page.goto('/signup')
  await field(page, 'Name').fill('Nina Newsender')
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(password)
  const terms = page.getByRole('checkbox', {
    name: 'I accept the Terms of service and the Privacy policy',
  })
  await expect(page.getByRole('link', { name: 'Terms of service' }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.getByText('Please accept the Terms of service and the Privacy policy'),
  ).toBeVisible()
  await expect(terms).toBeFocused()
  await tick(terms)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  const link = new URL(await verificationLink(page, base, email), base)
  await apiCall(base, null, 'POST', '/api/verify-email', { token: link.searchParams.get('token') })

  // An item of theirs, requested by the demo deliverer and approved by the admin.
  const sender = await apiLogin(base, email, password)
  const deliverer = await apiLogin(base, 'deliverer@example.com')
  const admin = await apiLogin(base, 'admin@example.com')
  const item = await postApprovedItem(base, sender.token, admin.token, `First parcel ${Date.now()}`)
  await offerApproved(base, item.id, deliverer, admin.token)

  // The first payment: the sender terms the demo admin published, then the card.
  await logIn(page, email, password)
  await waitForPath(page, '/dashboard')
  await page.goto(`/items/${item.id}`)
  await page.getByRole('button', { name: /^Accept and pay \$/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Enter payment details' })
  await expect(dialog.getByRole('heading', { name: 'Accurate description' })).toBeVisible()
  await expect(
    dialog.getByText('Your payment is held by Tote until the item is delivered', { exact: false }),
  ).toBeVisible()
  await expect(field(dialog, 'Card number')).toHaveCount(0)
  await tick(dialog.getByRole('checkbox', { name: 'I accept the sender terms' }))
  await dialog.getByRole('button', { name: 'Accept and continue' }).click()

  await expect(dialog.getByText('Test mode', { exact: true })).toBeVisible()
  await expect(
    dialog.getByText('Your payment is held by Tote until the item is delivered', { exact: false }),
  ).toBeVisible()
  await field(dialog, 'Card number').fill('4242 4242 4242 4242')
  await field(dialog, 'Expiry (MM/YY)').fill(`12/${new Date().getFullYear() + 3 - 2000}`)
  await field(dialog, 'CVC').fill('123')
  await dialog.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click()
  await waitForPath(page, `/items/${item.id}`, 30_000)
  await expect(page.getByText(`was charged to your card for ${item.name}.`)).toBeVisible()

  // Accepted once: the server kept it, and the next opening would not ask again.
  const kept = await apiCall(base, sender.token, 'GET', '/api/sender-terms')
  expect(kept.data.accepted_at).toEqual(expect.any(String))
})
