import { Dexie, type EntityTable } from 'dexie'

// THE one Dexie schema (docs/design.md "Offline"). Every row carries the id of the user it belongs to,
// so one device can be shared and logout deletes exactly that user's rows.
//
// Page code must load this module lazily (`import('@/lib/db')`, see lib/offline/lazy-db.ts):
// Dexie is ~25 KB gzip and stays out of the first-visit budget. The service worker imports it
// statically (the worker is its own bundle).

/** A successful TanStack Query result the user has seen, restored at start when offline. */
export interface PersistedQuery {
  /** `${userId}:${queryHash}` */
  id: string
  userId: string
  queryHash: string
  queryKey: readonly unknown[]
  data: unknown
  dataUpdatedAt: number
}

/**
 * update-delivery-status: a deliverer's pickup or delivery with its handoff code (decision 036);
 * send-message: a message of a delivery's conversation (decision 039).
 */
export type OutboxKind =
  'respond-further-info' | 'request-item' | 'update-delivery-status' | 'send-message'
export type OutboxStatus = 'queued' | 'sending' | 'failed' | 'sent'

export interface OutboxFile {
  /** The multipart field the file goes in (`file`, `proof_of_travel`, ...). */
  field: string
  blob: Blob
  name: string
  type: string
}

/** A write made while the network was down, replayed in order (ascending id) later. */
export interface OutboxEntry {
  /** Auto-increment: the replay order. */
  id: number
  userId: string
  createdAt: number
  kind: OutboxKind
  method: 'POST'
  /** Relative to the API prefix, as ky takes it: 'request-item'. */
  path: string
  /** Generated once at enqueue and sent on every attempt, so the server changes nothing twice. */
  idempotencyKey: string
  fields: Record<string, string>
  file: OutboxFile | null
  status: OutboxStatus
  /** The server's message when it refused the write. */
  error: string | null
  attempts: number
  /** A short line for the outbox panel ('Reply to information request', ...). */
  label: string
}

export interface MetaRow {
  key: string
  value: unknown
}

export type ToteDb = Dexie & {
  queries: EntityTable<PersistedQuery, 'id'>
  outbox: EntityTable<OutboxEntry, 'id'>
  meta: EntityTable<MetaRow, 'key'>
}

export const DB_NAME = 'tote'

function open(): ToteDb {
  const db = new Dexie(DB_NAME) as ToteDb
  db.version(1).stores({
    queries: '&id, userId, dataUpdatedAt',
    outbox: '++id, userId, status',
    meta: '&key',
  })
  return db
}

let instance: ToteDb | null = null

/** The one database handle of this context (page or worker); Dexie opens it on first use. */
export function getDb(): ToteDb {
  instance ??= open()
  return instance
}
