import { appendFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

/**
 * Publishes a new version of the service worker in `distDir` (the folder the server serves) and
 * lets `page` find it: the update prompt follows once it is installed.
 */
export async function publishNewWorker(page: Page, distDir: string) {
  appendFileSync(join(distDir, 'sw.js'), `\n// e2e: new version ${Date.now()}\n`)
  // The build's compressed copies would still be the old version: the server sends those first,
  // so they go (it then sends the file itself).
  rmSync(join(distDir, 'sw.js.br'), { force: true })
  rmSync(join(distDir, 'sw.js.gz'), { force: true })
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
}
