/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'

/** The message the page sends (through workbox-window's messageSkipWaiting) once the user accepts. */
const SKIP_WAITING = 'SKIP_WAITING'

/**
 * A new worker never activates on its own while an old one controls open tabs: it waits until
 * the page asks it to (the update prompt), so no tab runs a mix of old and new code. Once active,
 * it takes control of uncontrolled clients (the very first install) at once.
 */
export function registerLifecycle(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data: unknown = event.data
    if (
      typeof data === 'object' &&
      data !== null &&
      (data as { type?: unknown }).type === SKIP_WAITING
    ) {
      void scope.skipWaiting()
    }
  })
  clientsClaim()
}
