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

/** Whether a new version is installed and waits to take over. */
export const updateWaiting = (scope: ServiceWorkerGlobalScope) =>
  scope.registration.waiting !== null

/** How often a long event of the old worker looks whether a new version waits. */
const UPDATE_CHECK_MS = 1_000

/**
 * `work`, for an event's waitUntil, but over as soon as a new version waits: Chromium activates a
 * new version only once the old one has no event in flight, skipWaiting or not, so a long event
 * (the map's 1.2 MB download on a slow link) would hold "Reload to update" back until it ends.
 * The work itself goes on while the worker lives; what it leaves undone the new version redoes.
 */
export function untilDoneOrUpdate(
  scope: ServiceWorkerGlobalScope,
  work: Promise<unknown>,
  everyMs = UPDATE_CHECK_MS,
): Promise<void> {
  let settled = false
  const done = work.then(
    () => {
      settled = true
    },
    () => {
      settled = true
    },
  )
  const update = new Promise<void>((resolve) => {
    const check = () => {
      if (settled) return
      if (updateWaiting(scope)) resolve()
      else setTimeout(check, everyMs)
    }
    check()
  })
  return Promise.race([done, update])
}
