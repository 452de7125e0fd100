// What the offline browser tests share: the outbox's words and the deliverer's two steps.
import type { Page } from '@playwright/test'

export const DELIVERER = 'deliverer@example.com'
export const QUEUED_TOAST =
  'You are offline. Saved on this device as Queued; it will be sent when you are back online.'
export const TRAVEL_PROOF = /^Proof of travel/
/** The 30 s visible-tab refresh plus slack. */
export const REPLAY_WAIT_MS = 40_000

/** Opens an available item's page and waits for its heading. */
export async function openItem(page: Page, item: { id: string; name: string }) {
  await page.goto(`/available-items/${item.id}`)
  await page.getByRole('heading', { name: item.name, level: 1 }).waitFor()
}

/** Chooses `file` on an item page and requests it through the consent dialog; the toast says
 * it is queued. */
export async function requestToDeliver(page: Page, file: string) {
  await page.getByLabel(TRAVEL_PROOF).setInputFiles(file)
  await page.getByRole('button', { name: 'Request to Deliver', exact: true }).click()
  const consent = page.getByRole('dialog', { name: 'Terms and Conditions' })
  await consent.getByRole('button', { name: 'Accept' }).click()
  await page.getByText(QUEUED_TOAST).first().waitFor()
  await consent.waitFor({ state: 'detached' })
}
