import { z } from 'zod'
import { envelope } from './envelope'
import { acceptTerms } from './terms'
import { address, email, password, personName, phone, selfServiceRole, sessionUser } from './user'

export const registerBody = z.object({
  name: personName,
  email,
  password,
  role: selfServiceRole,
  phone: phone.optional(),
  address: address.optional(),
  /** The Terms of service and the Privacy policy (SITE_TERMS_VERSION), accepted: decision 044. */
  accept_terms: acceptTerms,
})
export type RegisterBody = z.input<typeof registerBody>
export const registerAnswer = envelope(z.object({ user: sessionUser }))

export const loginBody = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
})
export type LoginBody = z.input<typeof loginBody>
const loginData = z.object({
  token: z.string(),
  /** ISO 8601; the PWA stores it as the token expiry and treats a later clock as signed out. */
  expires_at: z.string(),
  user: sessionUser,
})
export type LoginData = z.infer<typeof loginData>
export const loginAnswer = envelope(loginData)

const token = z
  .string({ error: 'The link is missing its token' })
  .min(10, 'The link is not valid')
  .max(512)

export const verifyEmailBody = z.object({ token })
/** POST /api/verify-email: the verified address, for the login the PWA opens next. */
export const verifyEmailAnswer = envelope(z.object({ email: z.string() }))
export const forgotPasswordBody = z.object({ email })
export const resetPasswordBody = z.object({ token, password })
export type ResetPasswordBody = z.input<typeof resetPasswordBody>
/**
 * set-password: the link an admin-created account receives; same shape as reset.
 * @alias
 */
export const setPasswordBody = resetPasswordBody

export const healthAnswer = envelope(z.object({ status: z.literal('ok') }))

/** GET /api/dev/outbox: the dev mail outbox (only without SMTP_URL, never in production). */
const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
})
export const outboxAnswer = envelope(z.array(outboxMail))

/** POST /api/resend-verification: always answers success (no account probing). */
export const resendVerificationBody = z.object({ email })
/** GET /api/dev/outbox?to=: optional filter on the recipient. */
export const outboxQuery = z.object({ to: z.string().trim().max(254).optional() })
