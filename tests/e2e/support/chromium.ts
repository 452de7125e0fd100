// Debian's Chromium (never a downloaded one) and the flags every browser test and script runs it
// with: no sandbox (CI runs as root), no GPU, and none of the background traffic or QUIC that
// would make timings and the link proxy's view of the network noisy.
import { chromium, type Browser } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** For scripts outside Playwright Test (scripts/offline-ready.mjs); tests get `browser`. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}
