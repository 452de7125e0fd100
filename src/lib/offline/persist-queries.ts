import { hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query'
import type { PersistedQuery } from '@/lib/db'
import { loadDb } from './lazy-db'
import { isQuotaError, reportQuotaError } from './storage'

// Reads fall back to local data (docs/design.md "Offline"): every successful query of the signed-in
// user is written to Dexie as it arrives (write-through) and put back into the QueryClient at start, so with no
// network the pages show what the user saw before. A small custom persister rather than
// @tanstack/query-persist-client: that one stores the whole cache as one blob, we want rows per
// user and per query so logout can delete exactly one user's data.

/** Older saved reads are not shown: a week-old list would mislead more than it helps. */
const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
const MAX_ROWS_PER_USER = 300

const rowId = (userId: string, queryHash: string) => `${userId}:${queryHash}`

/** An unchanged answer is saved again after this, so its row does not age out while still true. */
const RESAVE_UNCHANGED_MS = 24 * 60 * 60 * 1000

/**
 * What each row holds (by row id), as far as this page knows: the data object and when it was
 * saved. Every start refetches the restored queries and most answers come back unchanged
 * (TanStack Query then keeps the same data object); writing them all again cost the start
 * ~15 ms of main thread (~60 ms on a phone) for nothing.
 */
const saved = new Map<string, { data: unknown; savedAt: number }>()

const unchanged = (row: PersistedQuery) => {
  const known = saved.get(row.id)
  return (
    known !== undefined &&
    known.data === row.data &&
    Date.now() - known.savedAt < RESAVE_UNCHANGED_MS
  )
}

function persistable(query: Query | undefined): query is Query {
  return (
    query !== undefined &&
    query.state.status === 'success' &&
    query.state.data !== undefined &&
    query.meta?.persist === true
  )
}

/** Puts the user's saved reads into the client; newer data already in memory wins. */
export async function restoreQueries(client: QueryClient, userId: string): Promise<number> {
  const { getDb } = await loadDb()
  const rows = await getDb().queries.where('userId').equals(userId).toArray()
  const fresh = rows.filter((row) => Date.now() - row.dataUpdatedAt < PERSIST_MAX_AGE_MS)
  for (const row of fresh) saved.set(row.id, { data: row.data, savedAt: row.dataUpdatedAt })
  const state = {
    mutations: [],
    queries: fresh.map((row) => ({
      queryKey: row.queryKey,
      queryHash: row.queryHash,
      dehydratedAt: Date.now(),
      state: {
        data: row.data,
        dataUpdatedAt: row.dataUpdatedAt,
        dataUpdateCount: 1,
        error: null,
        errorUpdatedAt: 0,
        errorUpdateCount: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        // Shown at once, but refetched on first use: saved data is a fallback, never "fresh".
        isInvalidated: true,
        status: 'success',
        fetchStatus: 'idle',
      },
    })),
  } as DehydratedState
  hydrate(client, state)
  return fresh.length
}

async function write(rows: PersistedQuery[], userId: string) {
  const { getDb } = await loadDb()
  const db = getDb()
  for (const row of rows) {
    try {
      await db.queries.put(row)
      saved.set(row.id, { data: row.data, savedAt: Date.now() })
    } catch (error) {
      if (isQuotaError(error)) {
        await reportQuotaError()
        return
      }
      // Data that cannot be cloned into IndexedDB is simply not kept offline.
    }
  }
  // Counting reads keys only; loading every saved answer after each write blocked the main thread
  // for ~100 ms on a phone at each page start (decision 012).
  const rowsOfUser = db.queries.where('userId').equals(userId)
  if ((await rowsOfUser.count()) <= MAX_ROWS_PER_USER) return
  const all = await rowsOfUser.sortBy('dataUpdatedAt')
  const excess = all.length - MAX_ROWS_PER_USER
  if (excess > 0) await db.queries.bulkDelete(all.slice(0, excess).map((row) => row.id))
}

/**
 * Saves successful queries of `currentUserId()` as they arrive; returns a stop function.
 * Write-through, not throttled: an item seen for a moment before the tab closes must be on the
 * device (decision 013), and an IndexedDB write started at once commits even while the page unloads,
 * where one started from `pagehide` often does not. Successes of one tick go in one batch.
 */
export function startPersistingQueries(
  client: QueryClient,
  currentUserId: () => string | null,
): () => void {
  const dirty = new Set<string>()
  let scheduled = false
  // Dexie's chunk is fetched now, so the first save does not wait for the network.
  void loadDb().catch(() => {})
  const flush = () => {
    scheduled = false
    const userId = currentUserId()
    const hashes = [...dirty]
    dirty.clear()
    if (!userId) return
    const rows = hashes
      .map((hash) => client.getQueryCache().get(hash))
      .filter(persistable)
      .map((query) => ({
        id: rowId(userId, query.queryHash),
        userId,
        queryHash: query.queryHash,
        queryKey: query.queryKey,
        data: query.state.data,
        dataUpdatedAt: query.state.dataUpdatedAt,
      }))
      .filter((row) => !unchanged(row))
    if (rows.length) write(rows, userId).catch((e: unknown) => console.warn('Not saved', e))
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    dirty.add(event.query.queryHash)
    if (scheduled) return
    scheduled = true
    queueMicrotask(flush)
  })
  return () => {
    unsubscribe()
    if (dirty.size) flush()
  }
}
