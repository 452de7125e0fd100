// What the offline browser tests share: the outbox's words, the deliverer's two steps, and a look
// at what the app saved on the device for reading offline.
import { expect, type Page } from '@playwright/test'

export const DELIVERER = 'deliverer@example.com'
export const QUEUED_TOAST =
  'You are offline. Saved on this device as Queued; it will be sent when you are back online.'
export const TRAVEL_PROOF = /^Proof of travel/
/** The 30 s visible-tab refresh plus slack. */
export const REPLAY_WAIT_MS = 40_000

/** Opens an available item's page and waits until it is read and saved for offline. */
export async function openItem(page: Page, item: { id: string; name: string }) {
  await page.goto(`/available-items/${item.id}`)
  await expect(page.getByRole('heading', { name: item.name, level: 1 })).toBeVisible()
  // What a request made offline from here needs, as a deliverer who waited for the page to load
  // has it: the item and the terms to accept, saved on the device (on a busy machine the terms
  // could still be on their way when a test cut the link).
  await expectSavedForOffline(page, ['deliverer', 'item', item.id])
  await expectSavedForOffline(page, ['deliverer', 'consent'])
}

/** Chooses `file` on an item page and requests it through the consent dialog; the toast says
 * it is queued. */
export async function requestToDeliver(page: Page, file: string) {
  await page.getByLabel(TRAVEL_PROOF).setInputFiles(file)
  await page.getByRole('button', { name: 'Request to deliver', exact: true }).click()
  const consent = page.getByRole('dialog', { name: 'Terms and conditions' })
  await consent.getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByText(QUEUED_TOAST).first()).toBeVisible()
  await expect(consent).toHaveCount(0)
}

/**
 * The rows of a table of the app's database on this device (src/lib/db.ts), files left out; none
 * before the app made the database.
 */
export function deviceRows(
  page: Page,
  table: 'queries' | 'outbox',
): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = indexedDB.open('tote')
        // No database yet: leave its creation to the app.
        request.onupgradeneeded = () => request.transaction?.abort()
        request.onerror = () => resolve([])
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains(name)) {
            db.close()
            resolve([])
            return
          }
          const rows = db.transaction(name).objectStore(name).getAll()
          rows.onsuccess = () => {
            db.close()
            resolve(
              JSON.parse(JSON.stringify(rows.result, (_, v) => (v instanceof Blob ? null : v))),
            )
          }
          rows.onerror = () => reject(rows.error)
        }
      }),
    table,
  )
}

/**
 * Waits until the app has saved the read `queryKey` (or one under it: ['trips'] also matches
 * ['trips', 1]) on this device, as it does just after the answer arrives.
 */
export async function expectSavedForOffline(page: Page, queryKey: readonly unknown[]) {
  const whole = JSON.stringify(queryKey)
  const under = `${whole.slice(0, -1)},`
  await expect
    .poll(
      async () =>
        (await deviceRows(page, 'queries'))
          .map((row) => JSON.stringify(row.queryKey))
          .some((k) => k === whole || k.startsWith(under)),
      `${whole} saved on this device`,
    )
    .toBe(true)
}
