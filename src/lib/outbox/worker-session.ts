// Imported by the service worker too, whose build has no '@' alias: relative imports only.
import { getDb } from '../db'
import type { ReplaySession } from './replay'

// How the service worker gets the token for a Background Sync replay (docs/decisions/005):
// the page mirrors its session (token, user id, expiry) into the `meta` table whenever it changes
// and deletes it at logout. A worker woken by `sync` with no page open still finds it there, which
// an in-memory copy posted to the worker would not survive. IndexedDB exposes the token to nothing
// that localStorage (where the page keeps it) does not; it never goes into Cache Storage.

const KEY = 'session'

interface StoredSession extends ReplaySession {
  expiresAt: number
}

export async function storeWorkerSession(session: StoredSession | null): Promise<void> {
  const db = getDb()
  if (session) await db.meta.put({ key: KEY, value: session })
  else await db.meta.delete(KEY)
}

/** The mirrored session, or null when signed out or expired. */
export async function readWorkerSession(): Promise<ReplaySession | null> {
  const row = await getDb().meta.get(KEY)
  const value = row?.value as Partial<StoredSession> | undefined
  if (!value?.token || !value.userId || !value.expiresAt || value.expiresAt <= Date.now())
    return null
  return { token: value.token, userId: value.userId }
}
