import { clearUserDrafts } from '../form-draft'
import { hasIndexedDb, loadDb } from './lazy-db'
import { CLEAR_USER_CACHES } from './messages'

/**
 * At logout: this user's saved reads, outbox and the token mirrored for the worker go, and the
 * worker drops caches of user data, and their unfinished form drafts go. Other users' rows on a
 * shared device stay theirs.
 */
export async function clearUserData(userId: string): Promise<void> {
  clearUserDrafts(userId)
  if (hasIndexedDb()) await clearRows(userId)
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: CLEAR_USER_CACHES })
  } catch {
    // No worker (dev server, tests): nothing cached.
  }
}

async function clearRows(userId: string) {
  try {
    const { getDb } = await loadDb()
    const db = getDb()
    await db.transaction('rw', db.queries, db.outbox, db.meta, async () => {
      await db.queries.where('userId').equals(userId).delete()
      await db.outbox.where('userId').equals(userId).delete()
      await db.meta.delete('session')
    })
  } catch (error) {
    console.warn('Could not clear data saved on this device', error)
  }
}
