import { z } from 'zod'

/** Every answer of the API is `{ success, message, data? }`; errors too (docs/spec.md section 7). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data })

export const messageOnly = z.object({ success: z.boolean(), message: z.string() })

export const pagination = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type Pagination = z.infer<typeof pagination>
