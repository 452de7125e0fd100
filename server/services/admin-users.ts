import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  AdminUser,
  adminCreateUserBody,
  adminUpdateUserBody,
  adminUsersQuery,
} from '../../contract/admin'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema'
import { DomainError } from '../errors'
import type { JobQueue } from '../jobs/queue'
import { containsPattern } from './admin-items'
import { audit } from './audit'
import { queueAccountMail } from './mail-jobs'
import { ratingSummaries } from './ratings'

const EXISTS = 'An account with this email already exists'

type UserRow = typeof users.$inferSelect

const adminUserView = (u: UserRow): AdminUser => ({
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
  // Each person's record (decision 039): what an admin weighs in a dispute.
  const ratings = await ratingSummaries(
    db,
    rows.map((u) => u.id),
  )
  return {
    users: rows.map((u) => ({ ...adminUserView(u), rating: ratings.get(u.id) ?? null })),
    pagination: { current_page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
  }
}

/** POST /api/admin/users: an account without a password; its owner sets one through the mailed link. */
export async function createAdminUser(
  db: Db,
  jobs: JobQueue,
  actorId: string,
  input: z.output<typeof adminCreateUserBody>,
) {
  const { name, email, role } = input
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name, email, role, passwordHash: null })
      .onConflictDoNothing({ target: users.email })
      .returning()
    if (!created) throw new DomainError('CONFLICT', EXISTS, { errors: { email: [EXISTS] } })
    await audit(tx, {
      actorId,
      action: 'user.created',
      targetType: 'user',
      targetId: created.id,
      reason: `role ${role}`,
    })
    // Queued with the account: the mail goes out once the account exists, and is retried.
    await queueAccountMail(jobs, { kind: 'set_password', userId: created.id }, tx)
    return created
  })
  return adminUserView(user)
}

/**
 * POST /api/admin/update-user: role and active state, under the user's row lock so two admins'
 * changes do not interleave; deactivating revokes every session in the same transaction.
 */
export async function updateAdminUser(
  db: Db,
  adminId: string,
  input: z.output<typeof adminUpdateUserBody>,
) {
  const { user_id, role, active } = input
  if (role === undefined && active === undefined)
    throw new DomainError('VALIDATION_FAILED', 'Choose a role or an active state to change')
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, user_id)).for('update')
    if (!user) throw new DomainError('USER_NOT_FOUND', 'User not found')
    if (user.id === adminId && (active === false || (role && role !== 'admin')))
      throw new DomainError('CONFLICT', 'You cannot deactivate or demote your own account')
    const changes: Partial<typeof users.$inferInsert> = {}
    if (role && role !== user.role) {
      changes.role = role
      await audit(tx, {
        actorId: adminId,
        action: 'user.role_changed',
        targetType: 'user',
        targetId: user.id,
        reason: `${user.role} -> ${role}`,
      })
    }
    if (active !== undefined && active !== user.active) {
      changes.active = active
      await audit(tx, {
        actorId: adminId,
        action: active ? 'user.reactivated' : 'user.deactivated',
        targetType: 'user',
        targetId: user.id,
      })
    }
    if (Object.keys(changes).length)
      await tx.update(users).set(changes).where(eq(users.id, user.id))
    if (active === false)
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
  })
}
