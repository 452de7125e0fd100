import { useEffect, useState } from 'react'
import type { OutboxEntry } from '@/lib/db'
import { hasIndexedDb, loadOutboxStore } from '@/lib/offline/lazy-db'
import { useSession } from '@/lib/use-session'
import { discardWrite, retryWrite } from './client'

export interface OutboxView {
  entries: OutboxEntry[]
  /** Entries not yet accepted by the server (queued, sending or failed). */
  pending: number
  failed: number
  retry: (id: number) => Promise<void>
  discard: (id: number) => Promise<void>
}

/** The signed-in user's outbox, live: changes from any tab or the worker re-render. */
export function useOutbox(): OutboxView {
  const userId = useSession()?.user.id ?? null
  const [state, setState] = useState<{ userId: string | null; entries: OutboxEntry[] }>({
    userId: null,
    entries: [],
  })
  useEffect(() => {
    if (!userId || !hasIndexedDb()) return
    let stop: (() => void) | null = null
    let disposed = false
    void loadOutboxStore().then(({ watchEntries }) => {
      if (disposed) return
      stop = watchEntries(userId, (entries) => setState({ userId, entries }))
    })
    return () => {
      disposed = true
      stop?.()
    }
  }, [userId])
  // Another user's rows never show, even for the one render before the effect re-subscribes.
  const entries = state.userId === userId ? state.entries : []
  return {
    entries,
    pending: entries.filter((e) => e.status !== 'sent').length,
    failed: entries.filter((e) => e.status === 'failed').length,
    retry: retryWrite,
    discard: discardWrite,
  }
}
