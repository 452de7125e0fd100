import type { OutboxEntry, OutboxKind } from '@/lib/db'

/** Shown where a write waits in the outbox (decision 013): on its item's card, detail and info request. */
export const QUEUED_WRITE_MESSAGE = 'Queued — will be sent when you are back online'

/**
 * The entry of `kind` for an item that is still waiting to be sent (queued or being sent), newest
 * first. A refused entry is not waiting: the outbox panel offers Retry or Discard for it, and the
 * page offers the action again.
 */
export function waitingWrite(
  entries: readonly OutboxEntry[],
  kind: OutboxKind,
  itemId: string,
): OutboxEntry | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!
    if (entry.kind !== kind || entry.fields.item_id !== itemId) continue
    if (entry.status === 'queued' || entry.status === 'sending') return entry
  }
  return null
}
