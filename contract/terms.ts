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
