import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Message, type Thread, type ThreadState } from '../../contract/messages'
import { messageMessages, THREAD_DAYS } from '../../contract/message-rules'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { messages, notifications, storedFiles, users } from '../db/schema'
import { DomainError } from '../errors'
import { partiesOf, windowEnd, type DeliveryParties } from './delivery-parties'
import {
  checkUpload,
  insertStoredFile,
  replyRefusals,
  withUpload,
  type UploadedFile,
  type Viewer,
} from './files'
import { notify, type Notifier } from './notify'
import type { ObjectStore } from './storage/object-store'

/** A message's attachment: the rules of the proofs (PDF, JPEG or PNG by their bytes, ≤ 2 MB). */
export const messageFileRefusals = replyRefusals

const iso = (d: Date) => d.toISOString()

/**
 * Not started before the sender accepts a deliverer; open until THREAD_DAYS after the delivery;
 * closed then, and once the item is cancelled (decision 039).
 */
function stateOf({ item, accepted }: DeliveryParties, now: Date): ThreadState {
  if (!accepted) return 'not_started'
  if (item.status === 'cancelled') return 'closed'
  const end = windowEnd(item, THREAD_DAYS)
  return end && now >= end ? 'closed' : 'open'
}

const author = alias(users, 'author')

type MessageRow = {
  message: typeof messages.$inferSelect
  authorName: string
  fileName: string | null
}

function messageView(row: MessageRow, senderId: string, viewer: Viewer): Message {
  const m = row.message
  return {
    id: m.id,
    author: {
      id: m.authorId,
      role: m.authorId === senderId ? 'sender' : 'deliverer',
      name: row.authorName,
    },
    body: m.body,
    file_url: m.fileId ? `/api/proof-of-travel/${m.fileId}` : null,
    file_name: m.fileId ? row.fileName : null,
    created_at: iso(m.createdAt),
    read_at: m.readAt ? iso(m.readAt) : null,
    mine: m.authorId === viewer.id,
  }
}

const selectMessages = (db: Db) =>
  db
    .select({ message: messages, authorName: author.name, fileName: storedFiles.originalName })
    .from(messages)
    .innerJoin(author, eq(author.id, messages.authorId))
    .leftJoin(storedFiles, eq(storedFiles.id, messages.fileId))

/**
 * GET /api/items/{id}/messages: the item's conversation, oldest first, for its sender, its accepted
 * deliverer and admins (anyone else 404). Reading is what marks read (decision 039): what the
 * other side wrote to the caller gets read_at now, and the bell's notifications of those messages
 * with it, in one transaction; `unread` says how many were unread before. An admin's reading marks
 * nothing. Before acceptance the thread is empty and `not_started`.
 */
export async function readThread(
  db: Db,
  viewer: Viewer,
  itemId: string,
  now = new Date(),
): Promise<Thread> {
  const parties = await partiesOf(db, itemId, viewer)
  const { item, accepted, side } = parties
  return db.transaction(async (tx) => {
    let unread = 0
    if (side !== 'admin') {
      const marked = await tx
        .update(messages)
        .set({ readAt: now })
        .where(
          and(
            eq(messages.itemId, item.id),
            eq(messages.recipientId, viewer.id),
            isNull(messages.readAt),
          ),
        )
        .returning({ id: messages.id })
      unread = marked.length
      if (unread > 0)
        await tx
          .update(notifications)
          .set({ readAt: now })
          .where(
            and(
              eq(notifications.userId, viewer.id),
              eq(notifications.itemId, item.id),
              eq(notifications.kind, 'message'),
              isNull(notifications.readAt),
            ),
          )
    }
    const rows = await selectMessages(tx)
      .where(eq(messages.itemId, item.id))
      .orderBy(asc(messages.createdAt), asc(messages.id))
    const otherId =
      side === 'sender' ? accepted?.delivererId : side === 'deliverer' ? item.senderId : undefined
    const [other] = otherId
      ? await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, otherId))
      : []
    const state = stateOf(parties, now)
    const closesAt = accepted ? windowEnd(item, THREAD_DAYS) : null
    return {
      messages: rows.map((r) => messageView(r, item.senderId, viewer)),
      state,
      can_write: state === 'open' && side !== 'admin',
      closes_at: closesAt ? iso(closesAt) : null,
      unread,
      other: other ?? null,
    }
  })
}

export interface NewMessage {
  viewer: Viewer
  itemId: string
  /** Trimmed, 1 to 4000 characters (the contract's messageFields). */
  body: string
  file: UploadedFile | undefined
}

/**
 * POST /api/items/{id}/messages: a message to the other side, with an optional file. Anyone but the
 * two sides and admins 404; an admin 403 (they read, never write); before acceptance or after the
 * thread closed 409. The file is checked (415/413) and put in the store before the transaction
 * that writes the message, its stored_files row and its notification (in-app and push at once,
 * the mail 15 minutes later if still unread); a refusal there removes the file again.
 */
export async function writeMessage(
  db: Db,
  storage: ObjectStore,
  notifier: Notifier,
  m: NewMessage,
  now = new Date(),
): Promise<Message> {
  const parties = await partiesOf(db, m.itemId, m.viewer)
  const { item, accepted, side } = parties
  if (side === 'admin') throw new DomainError('FORBIDDEN', messageMessages.adminsRead)
  const state = stateOf(parties, now)
  if (state === 'not_started' || !accepted)
    throw new DomainError('THREAD_NOT_STARTED', messageMessages.notStarted)
  if (state === 'closed') throw new DomainError('THREAD_CLOSED', messageMessages.closed)
  if (m.file) checkUpload(m.file, messageFileRefusals)
  const to = side === 'sender' ? 'deliverer' : 'sender'
  const recipientId = to === 'sender' ? item.senderId : accepted.delivererId

  const id = await withUpload(storage, m.file, messageFileRefusals, (put) =>
    db.transaction(async (tx) => {
      const fileId = put
        ? await insertStoredFile(tx, put, { ownerId: m.viewer.id, kind: 'message_file' })
        : null
      const row = one(
        await tx
          .insert(messages)
          .values({
            itemId: item.id,
            requestId: accepted.id,
            authorId: m.viewer.id,
            recipientId,
            body: m.body,
            fileId,
          })
          .returning({ id: messages.id }),
        'message',
      )
      await notify(tx, notifier, {
        kind: 'message',
        itemId: item.id,
        delivererId: accepted.delivererId,
        to,
        messageId: row.id,
        body: m.body,
      })
      return row.id
    }),
  )
  const written = one(await selectMessages(db).where(eq(messages.id, id)), 'message')
  return messageView(written, item.senderId, m.viewer)
}

/**
 * The caller's unread messages per item (what the navigation and each delivery show), most
 * first; with `itemIds`, only of those items.
 */
export async function unreadMessages(
  db: Db,
  userId: string,
  itemIds?: string[],
): Promise<{ item_id: string; unread: number }[]> {
  if (itemIds?.length === 0) return []
  const rows = await db
    .select({ itemId: messages.itemId, n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.recipientId, userId),
        isNull(messages.readAt),
        itemIds ? inArray(messages.itemId, itemIds) : undefined,
      ),
    )
    .groupBy(messages.itemId)
  return rows
    .map((r) => ({ item_id: r.itemId, unread: Number(r.n) }))
    .sort((a, b) => b.unread - a.unread || a.item_id.localeCompare(b.item_id))
}
