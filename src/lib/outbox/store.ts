import { liveQuery } from 'dexie'
import { getDb, type OutboxEntry, type OutboxKind } from '@/lib/db'

// The outbox table's reads and writes. Works in the page (loaded lazily) and in the worker.

export interface EnqueueInput {
  userId: string
  kind: OutboxKind
  /** Relative to the API prefix, as ky takes it: 'request-item'. */
  path: string
  fields: Record<string, string>
  file?: Blob | null
  /** The multipart field of the file: 'file' or 'proof_of_travel' (docs/design.md). */
  fileField?: string
  /** Defaults to the File's name, else 'upload'. */
  fileName?: string
  label?: string
  /** Pass the key of a direct attempt that may have reached the server; else a new one. */
  idempotencyKey?: string
}

const defaultLabels: Record<OutboxKind, string> = {
  'respond-further-info': 'Reply to an information request',
  'request-item': 'Request to deliver an item',
  'update-delivery-status': 'Pickup or delivery of an item',
  'send-message': 'A message about a delivery',
}

/** Unsent entries: what the sidebar counts and logout warns about. */
export const isPending = (entry: OutboxEntry) => entry.status !== 'sent'

export async function enqueue(input: EnqueueInput): Promise<OutboxEntry> {
  const db = getDb()
  const file = input.file ?? null
  const row: Omit<OutboxEntry, 'id'> = {
    userId: input.userId,
    createdAt: Date.now(),
    kind: input.kind,
    method: 'POST',
    path: input.path,
    idempotencyKey: input.idempotencyKey ?? crypto.randomUUID(),
    fields: { ...input.fields },
    file: file
      ? {
          field: input.fileField ?? 'file',
          blob: file,
          name: input.fileName ?? ((file as Partial<File>).name || 'upload'),
          type: file.type,
        }
      : null,
    status: 'queued',
    error: null,
    attempts: 0,
    label: input.label ?? defaultLabels[input.kind],
  }
  const id = await db.outbox.add(row as OutboxEntry)
  return { ...row, id: id }
}

/**
 * Puts a refused entry back in the queue with a fresh Idempotency-Key: the server keeps no answer
 * for a refusal that can change (decision 013), but a new key makes sure the retry is a new request.
 * An entry still queued keeps its key (its last attempt may have reached the server with the
 * answer lost), so a Retry on it only sends it sooner and nothing is ever done twice.
 */
export async function retry(id: number): Promise<void> {
  const db = getDb()
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id)
    if (entry?.status !== 'failed') return
    await db.outbox.update(id, {
      status: 'queued',
      error: null,
      idempotencyKey: crypto.randomUUID(),
    })
  })
}

export async function discard(id: number): Promise<void> {
  await getDb().outbox.delete(id)
}

/** The user's entries, oldest first. */
export async function listEntries(userId: string): Promise<OutboxEntry[]> {
  return getDb().outbox.where('userId').equals(userId).sortBy('id')
}

/** Calls `listener` with the user's entries now and after every change (any tab or the worker). */
export function watchEntries(userId: string, listener: (entries: OutboxEntry[]) => void) {
  const subscription = liveQuery(() => listEntries(userId)).subscribe({
    next: listener,
    error: (error: unknown) => console.warn('Outbox unavailable', error),
  })
  return () => subscription.unsubscribe()
}

export async function clearUserOutbox(userId: string): Promise<void> {
  await getDb().outbox.where('userId').equals(userId).delete()
}

/**
 * Calls `listener` with the number of unsent entries on this device, of any user: on the login
 * page none of them can be sent until their user signs in again. Only a count leaves this module.
 */
export function watchUnsentCount(listener: (count: number) => void) {
  const subscription = liveQuery(() =>
    getDb()
      .outbox.filter((entry) => isPending(entry))
      .count(),
  ).subscribe({
    next: listener,
    error: (error: unknown) => console.warn('Outbox unavailable', error),
  })
  return () => subscription.unsubscribe()
}
