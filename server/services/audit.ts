import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { auditLog, deliveryRequests, infoRequests, users } from '../db/schema'

/** What an audit entry is about (audit_log.target_type). */
type AuditTarget = 'item' | 'delivery_request' | 'info_request' | 'user' | 'term' | 'rating'

export interface AuditEntryInput {
  actorId: string | null
  /** Dotted verb, e.g. 'item.sending_approved', 'user.deactivated'. */
  action: string
  targetType: AuditTarget
  targetId: string
  reason?: string | null
}

/** Adds one audit_log row; pass the transaction of the write it records. */
export async function audit(db: Db, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ? entry.reason : null,
  })
}

/** The action recorded when an admin opens an item's review showing new answers (see stats). */
export const INFO_READ_ACTION = 'info_request.read'

/**
 * The history of an item, oldest first: the entries about the item itself, its delivery requests
 * and its information requests (including the users' answers, 'info_request.respond').
 */
export async function itemHistory(db: Db, itemId: string) {
  const [requestIds, infoIds] = await Promise.all([
    db
      .select({ id: deliveryRequests.id })
      .from(deliveryRequests)
      .where(eq(deliveryRequests.itemId, itemId)),
    db.select({ id: infoRequests.id }).from(infoRequests).where(eq(infoRequests.itemId, itemId)),
  ])
  const targets = [and(eq(auditLog.targetType, 'item'), eq(auditLog.targetId, itemId))]
  if (requestIds.length)
    targets.push(
      and(
        eq(auditLog.targetType, 'delivery_request'),
        inArray(
          auditLog.targetId,
          requestIds.map((r) => r.id),
        ),
      ),
    )
  if (infoIds.length)
    targets.push(
      and(
        eq(auditLog.targetType, 'info_request'),
        inArray(
          auditLog.targetId,
          infoIds.map((r) => r.id),
        ),
      ),
    )
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: users.name,
      action: auditLog.action,
      reason: auditLog.reason,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(or(...targets))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
  return rows.map((r) => ({
    id: r.id,
    actor: r.actorId && r.actorName != null ? { id: r.actorId, name: r.actorName } : null,
    action: r.action,
    reason: r.reason,
    at: r.at.toISOString(),
  }))
}
