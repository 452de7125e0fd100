import { and, asc, count, desc, eq, exists, ilike, max, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { isUuid } from '../../contract/ids'
import type { adminItemsQuery } from '../../contract/admin'
import { itemStatuses } from '../../contract/lifecycle'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { auditLog, deliveryRequests, infoRequests, items, users } from '../db/schema'
import { audit, INFO_READ_ACTION, itemHistory } from './audit'
import { buildItemView, loadRelated, loadViewExtras, relatedOf, type ItemRow } from './item-view'

type AdminItemsQuery = z.infer<typeof adminItemsQuery>
const ADMIN = { role: 'admin' as const, id: '' }

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The moment an admin last opened the item's review (an 'info_request.read' entry), per item. */
const lastReadAt = (itemIdColumn: typeof infoRequests.itemId) =>
  sql`(select max(${auditLog.at}) from ${auditLog} where ${auditLog.action} = ${INFO_READ_ACTION}
    and ${auditLog.targetType} = 'item' and ${auditLog.targetId} = ${itemIdColumn}::text)`

/**
 * The admin dashboard counters. unread_info_responses: answered information requests whose answer
 * came after the last time any admin opened that item's review (GET /api/admin/items/{id}).
 * The two "awaiting" counters only count items that are still open (status pending).
 */
export async function adminStats(db: Db) {
  const [byRole, byStatus, [sending], [delivery], [unread]] = await Promise.all([
    db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
    db.select({ status: items.status, n: count() }).from(items).groupBy(items.status),
    db
      .select({ n: count() })
      .from(items)
      .where(and(eq(items.status, 'pending'), eq(items.sendingApproval, 'pending'))),
    db
      .select({ n: sql<number>`count(distinct ${deliveryRequests.itemId})::int` })
      .from(deliveryRequests)
      .innerJoin(items, eq(items.id, deliveryRequests.itemId))
      .where(
        and(
          eq(items.status, 'pending'),
          eq(deliveryRequests.deliveryApproval, 'pending'),
          eq(deliveryRequests.requestStatus, 'pending'),
        ),
      ),
    db
      .select({ n: count() })
      .from(infoRequests)
      .where(
        sql`${infoRequests.responseAt} is not null and ${infoRequests.responseAt} > coalesce(${lastReadAt(infoRequests.itemId)}, '-infinity'::timestamptz)`,
      ),
  ])
  const users_by_role = { sender: 0, deliverer: 0, admin: 0 }
  for (const r of byRole) users_by_role[r.role] = Number(r.n)
  const items_by_status = Object.fromEntries(itemStatuses.map((s) => [s, 0])) as Record<
    (typeof itemStatuses)[number],
    number
  >
  for (const r of byStatus) items_by_status[r.status] = Number(r.n)
  return {
    users_by_role,
    items_by_status,
    awaiting_sending_approval: Number(sending?.n ?? 0),
    awaiting_delivery_approval: Number(delivery?.n ?? 0),
    unread_info_responses: Number(unread?.n ?? 0),
  }
}

const requestsCount = sql<number>`(select count(*)::int from ${deliveryRequests} where ${deliveryRequests.itemId} = ${items.id})`

const sortColumns = {
  created_at: items.createdAt,
  updated_at: items.updatedAt,
  name: items.name,
  status: items.status,
  delivery_deadline: items.deliveryDeadline,
  sender_price: items.senderPrice,
} as const

type Joined = { item: ItemRow; senderName: string; senderEmail: string; requestsCount: number }

async function toRows(db: Db, rows: Joined[]) {
  const related = await loadRelated(
    db,
    rows.map((r) => r.item.id),
  )
  const extras = await loadViewExtras(
    db,
    rows.map((r) => r.item),
    related,
    ADMIN,
  )
  return rows.map((r) => ({
    ...buildItemView(r.item, relatedOf(related, r.item.id), ADMIN, extras),
    sender: { id: r.item.senderId, name: r.senderName, email: r.senderEmail },
    requests_count: Number(r.requestsCount),
  }))
}

const joinedSelect = (db: Db) =>
  db
    .select({ item: items, senderName: users.name, senderEmail: users.email, requestsCount })
    .from(items)
    .innerJoin(users, eq(users.id, items.senderId))

/** GET /api/admin/items: every item, filtered, sorted and paged. */
export async function listAdminItems(db: Db, q: AdminItemsQuery) {
  const conditions: (SQL | undefined)[] = [
    q.status ? eq(items.status, q.status) : undefined,
    q.sending_approval ? eq(items.sendingApproval, q.sending_approval) : undefined,
    q.delivery_approval
      ? exists(
          db
            .select({ one: sql`1` })
            .from(deliveryRequests)
            .where(
              and(
                eq(deliveryRequests.itemId, items.id),
                eq(deliveryRequests.deliveryApproval, q.delivery_approval),
              ),
            ),
        )
      : undefined,
  ]
  if (q.search) {
    const pattern = containsPattern(q.search)
    conditions.push(
      or(
        ilike(items.name, pattern),
        ilike(items.description, pattern),
        ilike(users.name, pattern),
        ilike(users.email, pattern),
      ),
    )
  }
  const where = and(...conditions)
  const order = q.sort_order === 'asc' ? asc : desc
  const [rows, [total]] = await Promise.all([
    joinedSelect(db)
      .where(where)
      .orderBy(order(sortColumns[q.sort_by]), order(items.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db
      .select({ n: count() })
      .from(items)
      .innerJoin(users, eq(users.id, items.senderId))
      .where(where),
  ])
  return {
    items: await toRows(db, rows),
    pagination: { current_page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * GET /api/admin/items/{id}: the item, every request, every information request (newest first)
 * and the history; null when the item does not exist. When it shows answers newer than the last
 * read, records an 'info_request.read' entry by `adminId` (this is what unread_info_responses counts).
 */
export async function adminItemDetail(db: Db, itemId: string, adminId: string) {
  if (!isUuid(itemId)) return null
  const [row] = await joinedSelect(db).where(eq(items.id, itemId))
  if (!row) return null
  const [item, requests, infos, [lastRead]] = await Promise.all([
    toRows(db, [row]).then((views) => one(views, 'item view')),
    db
      .select({ r: deliveryRequests, name: users.name, email: users.email })
      .from(deliveryRequests)
      .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
      .where(eq(deliveryRequests.itemId, itemId))
      .orderBy(asc(deliveryRequests.createdAt), asc(deliveryRequests.id)),
    db
      .select({ i: infoRequests, name: users.name })
      .from(infoRequests)
      .innerJoin(users, eq(users.id, infoRequests.targetUserId))
      .where(eq(infoRequests.itemId, itemId))
      .orderBy(desc(infoRequests.createdAt), desc(infoRequests.id)),
    db
      .select({ at: max(auditLog.at) })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, INFO_READ_ACTION),
          eq(auditLog.targetType, 'item'),
          eq(auditLog.targetId, itemId),
        ),
      ),
  ])
  const readAt = lastRead?.at ? new Date(lastRead.at).getTime() : -Infinity
  if (infos.some(({ i }) => i.responseAt && i.responseAt.getTime() > readAt))
    await audit(db, {
      actorId: adminId,
      action: INFO_READ_ACTION,
      targetType: 'item',
      targetId: itemId,
    })
  return {
    item,
    requests: requests.map(({ r, name, email }) => ({
      id: r.id,
      deliverer: { id: r.delivererId, name, email },
      deliverer_price: r.delivererPrice == null ? null : Number(r.delivererPrice),
      proof_of_travel: r.proofOfTravelFileId,
      accept_privacy: r.acceptPrivacy,
      delivery_approval: r.deliveryApproval,
      request_status: r.requestStatus,
      created_at: r.createdAt.toISOString(),
    })),
    info_requests: infos.map(({ i, name }) => ({
      id: i.id,
      to: i.to,
      target: { id: i.targetUserId, name },
      description: i.description,
      request_file_path: i.requestFileId,
      response: i.response,
      response_file_path: i.responseFileId,
      response_at: iso(i.responseAt),
      created_at: i.createdAt.toISOString(),
    })),
    history: await itemHistory(db, itemId),
  }
}
