import { z } from 'zod'
import { envelope } from './envelope'

export const termRole = z.enum(['sender', 'deliverer'])
export const term = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  role: termRole,
})
export type Term = z.infer<typeof term>
/** GET /api/user-consent: the current consent terms of every role. */
export const userConsentAnswer = envelope(z.array(term))

export const termBody = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(20_000),
  role: termRole,
})
export type TermBody = z.infer<typeof termBody>

/** POST /api/register's `accept_terms`: the Terms of service and the Privacy policy (contract/legal.ts), ticked. */
export const ACCEPT_TERMS_REQUIRED = 'Please accept the Terms of service and the Privacy policy'
export const acceptTerms = z.literal(true, { error: ACCEPT_TERMS_REQUIRED })

/**
 * GET /api/sender-terms: the sender terms admins publish (role sender), their version (null while
 * there are none: nothing to accept) and when the caller accepted this version (null if not).
 */
export const senderTermsAnswer = envelope(
  z.object({
    version: z.string().nullable(),
    terms: z.array(term),
    accepted_at: z.string().nullable(),
  }),
)

/** POST /api/sender-terms/accept: the version the sender read (refused once it changed). */
export const acceptSenderTermsBody = z.object({
  version: z
    .string({ error: 'Say which version of the sender terms you accept' })
    .trim()
    .min(1, 'Say which version of the sender terms you accept')
    .max(64),
})
export const acceptSenderTermsAnswer = envelope(
  z.object({ version: z.string(), accepted_at: z.string() }),
)
