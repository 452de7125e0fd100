import { z } from 'zod'
import { ERROR_CODES } from './error-codes'

/** Every answer of the API is `{ success, message, data? }`; errors too (docs/spec.md section 7). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data })

export const messageOnly = z.object({ success: z.boolean(), message: z.string() })

/**
 * Every failure: the spec's message for people, a code from contract/error-codes.ts for programs
 * (decision 032), and the field errors of a 400.
 */
export const failure = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})

export const pagination = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type Pagination = z.infer<typeof pagination>
