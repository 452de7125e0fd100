import { z } from 'zod'
import { envelope } from './envelope'

export const roles = ['sender', 'deliverer', 'admin'] as const
export const role = z.enum(roles)
export type Role = z.infer<typeof role>

/** Roles a person may pick at sign-up; admins are made by other admins or `npm run create-admin`. */
export const selfServiceRole = z.enum(['sender', 'deliverer'], {
  error: 'Role must be sender or deliverer',
})

const PASSWORD_MIN = 8
export const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'Password must be at most 128 characters')

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))

export const personName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters')

export const phone = z
  .string()
  .trim()
  .max(30, 'Phone must be at most 30 characters')
  .regex(/^[+()\d\s.-]*$/, 'Phone may contain only digits, spaces and + ( ) . -')

export const address = z.string().trim().max(300, 'Address must be at most 300 characters')

/** The user as the PWA keeps it locally (docs/spec.md section 3). */
export const sessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
})
export type SessionUser = z.infer<typeof sessionUser>

const userData = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  phone: z.string(),
  address: z.string(),
})
export type UserData = z.infer<typeof userData>
export const getUserDataAnswer = envelope(userData)

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to choose a new one'
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct'

/**
 * POST /api/update-user. An empty password means "keep the current one"; a new one needs the
 * current one too (a borrowed, signed-in phone must not be enough to take the account over).
 */
export const updateUserBody = z.object({
  name: personName,
  phone: phone.default(''),
  address: address.default(''),
  password: z.union([z.literal(''), password]).optional(),
  current_password: z.string().max(128).optional(),
})
export type UpdateUserBody = z.input<typeof updateUserBody>
/** POST /api/update-user answers the updated profile. */
export const updateUserAnswer = envelope(userData)
