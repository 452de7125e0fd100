import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { AdminUser, adminUsersQuery } from '../../contract/admin'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { containsPattern } from './admin-items'

type UserRow = typeof users.$inferSelect

export const adminUserView = (u: UserRow): AdminUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  phone: u.phone,
  active: u.active,
  email_verified: u.emailVerifiedAt != null,
  created_at: u.createdAt.toISOString(),
})

/**
 * GET /api/admin/users. state: inactive = deactivated by an admin; unverified = active but the
 * e-mail address is not proven yet (also an admin-made account whose set-password link is unused);
 * active = active and verified. Newest first.
 */
export async function listAdminUsers(db: Db, q: z.infer<typeof adminUsersQuery>) {
  const conditions: (SQL | undefined)[] = [q.role ? eq(users.role, q.role) : undefined]
  if (q.state === 'inactive') conditions.push(eq(users.active, false))
  if (q.state === 'unverified')
    conditions.push(and(eq(users.active, true), isNull(users.emailVerifiedAt)))
  if (q.state === 'active')
    conditions.push(and(eq(users.active, true), isNotNull(users.emailVerifiedAt)))
  if (q.search) {
    const pattern = containsPattern(q.search)
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)))
  }
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(users).where(where),
  ])
  return {
    users: rows.map(adminUserView),
    pagination: { current_page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
  }
}
