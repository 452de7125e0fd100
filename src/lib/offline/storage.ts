import { loadDb } from './lazy-db'

// Storage pressure (docs/design.md "Offline": nothing the user entered is lost). The first time the
// user queues or saves something we ask the browser to keep our storage; when it is full anyway,
// caches (persisted reads, map tiles, place searches) go before anything the user wrote.

const ASKED_KEY = 'storage-persist-asked'
/** Runtime caches the worker fills (sw/map-cache.ts, sw/places-cache.ts): refetchable. */
const DROPPABLE_CACHE_PREFIXES = ['tote-map', 'tote-places']

const listeners = new Set<(message: string) => void>()

/** The UI (features/offline) tells the user; lib/ cannot reach the toaster itself. */
export function onStorageProblem(listener: (message: string) => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name
  const inner = (error as { inner?: { name?: unknown } } | null)?.inner?.name
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError'
}

/** Asks once per device for persistent storage; the browser may decide silently. */
export async function askPersistentStorageOnce(): Promise<void> {
  try {
    if (!navigator.storage?.persist) return
    const { getDb } = await loadDb()
    const db = getDb()
    if (await db.meta.get(ASKED_KEY)) return
    await db.meta.put({ key: ASKED_KEY, value: Date.now() })
    if (!(await navigator.storage.persisted())) await navigator.storage.persist()
  } catch (error) {
    console.warn('Could not ask for persistent storage', error)
  }
}

/** Frees space held by caches, never the outbox. */
async function dropCaches(): Promise<void> {
  const { getDb } = await loadDb()
  await getDb().queries.clear()
  if (typeof caches !== 'undefined') {
    for (const name of await caches.keys()) {
      if (DROPPABLE_CACHE_PREFIXES.some((prefix) => name.startsWith(prefix))) {
        await caches.delete(name)
      }
    }
  }
}

/** Tells the user and frees cache space; the caller may then try its write once more. */
export async function reportQuotaError(): Promise<void> {
  for (const listener of listeners) {
    listener('This device is out of storage space. Saved pages were removed to make room.')
  }
  await dropCaches().catch(() => {})
}
