import type { OutboxEntry } from '@/lib/db'
import { getSession, subscribe } from '@/lib/auth-storage'
import { loadOutboxStore, loadReplay } from '@/lib/offline/lazy-db'
import { askPersistentStorageOnce, isQuotaError, reportQuotaError } from '@/lib/offline/storage'
import type { EnqueueInput } from './store'
import { OUTBOX_SYNC_TAG } from './sync-tag'
import type { ReplayResult } from './replay'

// The page's side of the outbox: everything here loads Dexie lazily, so features and the shell
// can import it without growing the first-visit bundle.

const REPLAY_EVERY_MS = 30_000

export type EnqueueWriteInput = Omit<EnqueueInput, 'userId'>

const sentListeners = new Set<(result: ReplayResult) => void>()

/** Called after a replay sent something (main.tsx refreshes the queries). */
export function onOutboxSent(listener: (result: ReplayResult) => void) {
  sentListeners.add(listener)
  return () => {
    sentListeners.delete(listener)
  }
}

async function requestBackgroundSync() {
  try {
    if (!('serviceWorker' in navigator)) return
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    await registration?.sync?.register(OUTBOX_SYNC_TAG)
  } catch {
    // No Background Sync (Firefox, Safari): the online/visible/interval triggers cover it.
  }
}

/** Stores a write for the signed-in user; it is sent by the next replay. */
export async function enqueueWrite(input: EnqueueWriteInput): Promise<OutboxEntry> {
  const session = getSession()
  if (!session) throw new Error('Sign in to save changes on this device')
  const { enqueue } = await loadOutboxStore()
  let entry: OutboxEntry
  try {
    entry = await enqueue({ ...input, userId: session.user.id })
  } catch (error) {
    if (!isQuotaError(error)) throw error
    await reportQuotaError()
    entry = await enqueue({ ...input, userId: session.user.id })
  }
  void askPersistentStorageOnce()
  void requestBackgroundSync()
  return entry
}

/** Sends what is queued for the signed-in user; null when there is nobody signed in. */
export async function replayOutbox(): Promise<ReplayResult | null> {
  const session = getSession()
  if (!session) return null
  const { replay } = await loadReplay()
  const result = await replay({
    session: () => {
      // Read again under the lock: the user may have signed out while we waited.
      const now = getSession()
      return now ? { token: now.token, userId: now.user.id } : null
    },
  })
  if (result.sent > 0) for (const listener of sentListeners) listener(result)
  // Not through: make sure a Background Sync is registered, so the change goes when the link is
  // back even if every Tote page is closed by then (a failed sync of the worker may have ended).
  if (result.stopped === 'network' || result.stopped === 'server') void requestBackgroundSync()
  return result
}

export async function retryWrite(id: number): Promise<void> {
  const { retry } = await loadOutboxStore()
  await retry(id)
  void replayOutbox()
}

export async function discardWrite(id: number): Promise<void> {
  const { discard } = await loadOutboxStore()
  await discard(id)
}

/**
 * Replays when the browser comes online, when the tab becomes visible, every 30 s while it is
 * visible (docs/spec.md refresh rule: nothing runs in a hidden tab) and when a user signs in (changes
 * that waited for a refused or expired session go at once). Returns a stop function.
 */
export function startOutboxTriggers(): () => void {
  const run = () => {
    if (navigator.onLine && getSession()) {
      replayOutbox().catch((error: unknown) => console.warn('Outbox replay failed', error))
    }
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') run()
  }
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') run()
  }, REPLAY_EVERY_MS)
  let signedInAs = getSession()?.token ?? null
  const stopWatchingSession = subscribe(() => {
    const token = getSession()?.token ?? null
    if (token && token !== signedInAs) run()
    signedInAs = token
  })
  window.addEventListener('online', run)
  document.addEventListener('visibilitychange', onVisible)
  run()
  return () => {
    stopWatchingSession()
    clearInterval(timer)
    window.removeEventListener('online', run)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
