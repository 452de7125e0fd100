/// <reference lib="webworker" />
import { replay } from '../src/lib/outbox/replay'
import { readWorkerSession } from '../src/lib/outbox/worker-session'
import { OUTBOX_SYNC_TAG } from '../src/lib/outbox/sync-tag'
import { OUTBOX_REPLAYED } from '../src/lib/offline/messages'

interface SyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

/**
 * Background Sync (Chromium): the browser wakes the worker when the network is back, even with no
 * Tote tab open, and the worker replays the outbox with the same module the page uses. The token
 * comes from the session the page mirrored into IndexedDB (docs/decisions/005). A replay that
 * stops on a network error rejects, so the browser schedules another sync later.
 */
export function registerOutboxSync(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent
    if (sync.tag !== OUTBOX_SYNC_TAG) return
    sync.waitUntil(
      replay({ session: readWorkerSession }).then(async (result) => {
        if (result.sent > 0 || result.failed > 0) {
          for (const client of await scope.clients.matchAll({ type: 'window' })) {
            client.postMessage({ type: OUTBOX_REPLAYED })
          }
        }
        if (result.stopped === 'network' || result.stopped === 'server') {
          throw new Error(`Outbox replay stopped (${result.stopped}); the browser will retry`)
        }
      }),
    )
  })
}
