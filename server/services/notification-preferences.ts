import { and, eq, inArray } from 'drizzle-orm'
import {
  mailKindsFor,
  type NotificationKind,
  type NotificationPreferencesBody,
} from '../../contract/notifications'
import type { Role } from '../../contract/user'
import type { Db } from '../db/client'
import { notificationMailOff } from '../db/schema'

/** GET /api/notification-preferences: each kind the role can get by mail, and whether it does. */
export async function mailPreferences(db: Db, userId: string, role: Role) {
  const off = await db
    .select({ kind: notificationMailOff.kind })
    .from(notificationMailOff)
    .where(eq(notificationMailOff.userId, userId))
  const offKinds = new Set(off.map((r) => r.kind))
  return mailKindsFor(role).map((kind) => ({ kind, mail: !offKinds.has(kind) }))
}

/** Kinds in `body` the role never gets by mail (the route answers 400 for them). */
export const foreignKinds = (role: Role, body: NotificationPreferencesBody): NotificationKind[] => {
  const mine = new Set(mailKindsFor(role))
  return body.preferences.map((p) => p.kind).filter((kind) => !mine.has(kind))
}

/** PUT /api/notification-preferences: the kinds named change, the others keep theirs. */
export async function saveMailPreferences(
  db: Db,
  userId: string,
  body: NotificationPreferencesBody,
): Promise<void> {
  const off = body.preferences.filter((p) => !p.mail).map((p) => p.kind)
  const on = body.preferences.filter((p) => p.mail).map((p) => p.kind)
  await db.transaction(async (tx) => {
    if (on.length > 0)
      await tx
        .delete(notificationMailOff)
        .where(and(eq(notificationMailOff.userId, userId), inArray(notificationMailOff.kind, on)))
    if (off.length > 0)
      await tx
        .insert(notificationMailOff)
        .values(off.map((kind) => ({ userId, kind })))
        .onConflictDoNothing()
  })
}
