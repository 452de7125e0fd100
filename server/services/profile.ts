import { and, eq, isNull, ne } from 'drizzle-orm'
import type { z } from 'zod'
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  type updateUserBody,
} from '../../contract/user'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { sessions, users } from '../db/schema'
import { fieldError } from '../errors'
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords'
import { clearThrottle, LIMITS, throttle, TOO_MANY } from './throttle'

/** 400 on current_password unless it is the account's password; tries are throttled per user. */
async function checkCurrentPassword(db: Db, userId: string, current: string | undefined) {
  if (!current) throw fieldError('current_password', CURRENT_PASSWORD_REQUIRED)
  await throttle(db, [
    [`password:user:${userId}`, LIMITS.loginPerEmail, TOO_MANY.currentPasswordTries],
  ])
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
  if (!(await verifyPassword(row?.passwordHash ?? null, current)))
    throw fieldError('current_password', CURRENT_PASSWORD_WRONG)
  await clearThrottle(db, `password:user:${userId}`)
}

/** POST /api/update-user: the signed-in user's own profile and, with the current one, password. */
export async function updateProfile(
  db: Db,
  me: { id: string; sessionId: string },
  body: z.output<typeof updateUserBody>,
) {
  const { name, phone, address, password, current_password } = body
  // An empty or absent password keeps the current one.
  if (password) await checkCurrentPassword(db, me.id, current_password)
  if (password) assertPasswordAllowed(password)
  const passwordHash = password ? await hashPassword(password) : undefined
  // The signed-in user's row: authenticate just read it, and users are never deleted.
  const u = one(
    await db
      .update(users)
      .set({ name, phone, address, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, me.id))
      .returning(),
    'user',
  )
  if (passwordHash) {
    // A new password signs out every other device; this one stays signed in.
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId), isNull(sessions.revokedAt)),
      )
  }
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    phone: u.phone,
    address: u.address,
  }
}
