/// <reference lib="webworker" />
import { replay, type ReplayResult } from '../src/lib/outbox/replay'
import { readWorkerSession } from '../src/lib/outbox/worker-session'
import { OUTBOX_SYNC_TAG } from '../src/lib/outbox/sync-tag'
import { OUTBOX_REPLAYED } from '../src/lib/offline/messages'
import { updateWaiting as newVersionWaits } from './lifecycle'

interface SyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

type SyncScope = ServiceWorkerGlobalScope & {
  registration: ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
}

/**
 * Pauses between tries inside one sync event (Chromium lets it run about 3 minutes). A link that
 * flaps is usually back within seconds, while the browser's own retry of a failed sync comes
 * 5 minutes later at the earliest, and after 3 failures never (decision 013: nothing sent within
 * 60 s after a flapping session).
 */
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 30_000]

/** How often a pause between tries looks whether a new version waits to take over. */
const UPDATE_CHECK_MS = 1_000

const stoppedByLink = (result: ReplayResult) =>
  result.stopped === 'network' || result.stopped === 'server'

/** Sleeps `ms`, waking early once `stop()` holds. */
async function pause(ms: number, stop: () => boolean): Promise<void> {
  const until = Date.now() + ms
  while (!stop() && Date.now() < until) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(UPDATE_CHECK_MS, until - Date.now())),
    )
  }
}

/**
 * Background Sync (Chromium): the browser wakes the worker when the network is back, even with no
 * Tote tab open, and the worker replays the outbox with the same module the page uses. The token
 * comes from the session the page mirrored into IndexedDB (docs/decisions/005). A replay stopped
 * by the link is tried again a few times within the event; if it still cannot go, a new sync is
 * registered before the event ends, so a failed sync never leaves the queue without one (a sync
 * killed with its worker is retried by the browser, and every page start registers one again).
 *
 * Chromium activates a new version only once the old one has no event in flight, skipWaiting or
 * not: so the retries stop as soon as a new version waits, and the new version registers a sync
 * when it activates (the page that shows the update prompt replays meanwhile).
 */
export function registerOutboxSync(
  scope: ServiceWorkerGlobalScope,
  delays: readonly number[] = RETRY_DELAYS_MS,
): void {
  const notify = async () => {
    for (const client of await scope.clients.matchAll({ type: 'window' })) {
      client.postMessage({ type: OUTBOX_REPLAYED })
    }
  }
  const attempt = async () => {
    const result = await replay({ session: readWorkerSession })
    if (result.sent > 0 || result.failed > 0) await notify()
    return result
  }
  const updateWaiting = () => newVersionWaits(scope)
  const run = async () => {
    let result = await attempt()
    for (const delay of delays) {
      if (!stoppedByLink(result) || updateWaiting()) return
      await pause(delay, updateWaiting)
      if (updateWaiting()) return
      result = await attempt()
    }
    if (stoppedByLink(result)) {
      await (scope as SyncScope).registration.sync?.register(OUTBOX_SYNC_TAG)
    }
  }
  // Not part of the activation (no waitUntil): Chromium's Background Sync can stay busy until the
  // new version is active (its register() and getTags() hung while activating), and an activation
  // that never ends holds every request of the page, the reload after "Reload to update" first.
  scope.addEventListener('activate', () => {
    void (scope as SyncScope).registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => {})
  })
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent
    if (sync.tag !== OUTBOX_SYNC_TAG) return
    sync.waitUntil(run())
  })
}
