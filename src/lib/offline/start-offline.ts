import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { getSession, STORAGE_KEYS, subscribe } from '@/lib/auth-storage'
import { enqueueWrite, onOutboxSent, replayOutbox, startOutboxTriggers } from '@/lib/outbox/client'
import { hasIndexedDb, loadWorkerSession } from './lazy-db'
import { OUTBOX_REPLAYED } from './messages'
import { trackNetworkFailures } from './network-status'
import { restoreQueries, startPersistingQueries } from './persist-queries'
import { askPersistentStorageOnce } from './storage'

/** The longest main.tsx waits for saved reads before the first render. */
const RESTORE_WAIT_MS = 1_500

/** Mirrors the session into IndexedDB for the worker's Background Sync replay (decision 005). */
function mirrorSessionForWorker() {
  let last: string | null = null
  const sync = () => {
    const session = getSession()
    const key = session?.token ?? null
    // Unchanged, or a visitor with nothing mirrored: no need to load Dexie.
    if (key === last) return
    last = key
    const expiresAt = Date.parse(localStorage.getItem(STORAGE_KEYS.tokenExpiry) ?? '')
    void loadWorkerSession()
      .then(({ storeWorkerSession }) =>
        storeWorkerSession(
          session ? { token: session.token, userId: session.user.id, expiresAt } : null,
        ),
      )
      .catch(() => {})
  }
  sync()
  return subscribe(sync)
}

/**
 * Wires the offline layer to the app's QueryClient: saved reads restored for the signed-in user
 * (awaited, bounded, so an offline reload renders with data), then saved as they change; outbox
 * replay triggers; the worker's token mirror. Resolves when the first render may happen.
 */
export async function startOffline(client: QueryClient): Promise<void> {
  // TanStack Query assumes online until an 'offline' event; a page (re)loaded offline gets none,
  // so its retries would run out and turn saved data into an error instead of pausing.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
  trackNetworkFailures(client)
  // A stable handle for the browser tests (tests/e2e/offline.spec.ts) and for debugging; it
  // offers nothing a script on the page could not already do with the user's own session.
  ;(globalThis as { __toteOutbox?: unknown }).__toteOutbox = { enqueueWrite, replayOutbox }
  if (!hasIndexedDb()) return
  const userId = () => getSession()?.user.id ?? null
  const restoring = userId()
  if (restoring) {
    await Promise.race([
      restoreQueries(client, restoring).catch((e: unknown) => console.warn('Not restored', e)),
      new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
    ])
  }
  startPersistingQueries(client, userId)
  onOutboxSent(() => void client.invalidateQueries())
  startOutboxTriggers()
  mirrorSessionForWorker()
  // An installed app keeps the user's data: ask the browser once to exempt it from eviction when
  // Tote is installed or opened as an installed app (also at the first queued write, client.ts).
  window.addEventListener('appinstalled', () => void askPersistentStorageOnce())
  if (window.matchMedia?.('(display-mode: standalone)').matches) void askPersistentStorageOnce()
  // The worker replayed in the background: what the pages show may have changed.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_REPLAYED) {
      void client.invalidateQueries()
    }
  })
}
