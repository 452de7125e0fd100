import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm'
import {
  notificationKinds,
  type Notification,
  type NotificationKind,
} from '../../contract/notifications'
import type { Db } from '../db/client'
import { items, notifications } from '../db/schema'
import { availableTo } from './corridor'

export type NotificationRow = typeof notifications.$inferSelect

// The column is text (a new kind needs no migration); notify() writes only the contract's kinds.
const isKind = (kind: string): kind is NotificationKind =>
  (notificationKinds as readonly string[]).includes(kind)

export const toNotificationView = (
  row: NotificationRow & { itemOpen?: boolean | null },
): Notification => ({
  id: row.id,
  // A row of a kind this release does not know (written by a newer one) still opens its link.
  kind: isKind(row.kind) ? row.kind : 'info_requested',
  title: row.title,
  body: row.body,
  link: row.link,
  item_id: row.itemId,
  trip_id: row.tripId,
  ...(row.itemOpen !== undefined ? { item_open: row.itemOpen } : {}),
  read_at: row.readAt ? row.readAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
})

/** The bell's number: the user's notifications not read yet. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return Number(row?.n ?? 0)
}

/** GET /api/notifications: newest first, a page of them, with the total and the unread count. */
export async function listNotifications(
  db: Db,
  userId: string,
  page: { page: number; perPage: number },
) {
  const mine = eq(notifications.userId, userId)
  const newestFirst = [desc(notifications.createdAt), desc(notifications.id)]
  // The page's ids first, then their columns: PostgreSQL computes a row's columns before OFFSET
  // skips it, so asking each row whether its item is open in one query did it for every skipped row
  // too (the last of 500 pages took three times the first, docs/benchmarks.md).
  const page_ = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(mine)
    .orderBy(...newestFirst)
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .as('page')
  const [rows, [total], unread] = await Promise.all([
    db
      .select({
        ...getTableColumns(notifications),
        // A trip notification says when its item is no longer open (issue 29 part 8).
        itemOpen: sql<
          boolean | null
        >`case when ${notifications.kind} = 'trip_match' and ${notifications.itemId} is not null
          then exists (select 1 from ${items} where ${items.id} = ${notifications.itemId} and ${availableTo(userId)})
          else null end`,
      })
      .from(notifications)
      .innerJoin(page_, eq(page_.id, notifications.id))
      .orderBy(...newestFirst),
    db.select({ n: count() }).from(notifications).where(mine),
    unreadCount(db, userId),
  ])
  return { rows, total: Number(total?.n ?? 0), unread }
}

/** POST /api/notifications/{id}/read; null when it is not the user's. Reading twice keeps the first time. */
export async function markRead(db: Db, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning()
  return row ?? null
}

/** POST /api/notifications/read-all */
export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
}
