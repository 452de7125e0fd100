import { z } from 'zod'
import { uuidOf } from './ids'

export const party = z.enum(['sender', 'deliverer'])
export type Party = z.infer<typeof party>

/**
 * POST /api/respond-further-info (multipart): text fields below plus an optional `file`.
 * Answers { success, message } ('Information sent successfully!' on success).
 */
export const respondFurtherInfoFields = z.object({
  item_id: uuidOf('item'),
  description: z
    .string({ error: 'Please write a response' })
    .trim()
    .min(1, 'Please write a response')
    .max(2000, 'Response must be at most 2000 characters'),
  response_by: party,
})
