import { z } from 'zod'
import { availablePageSizes, DEFAULT_RADIUS_KM } from '@contract/deliveries'
import { location } from '@contract/items'

/** /available-items keeps its choices in the URL, so a reload or a shared link keeps them. */
export const availableSearchSchema = z.object({
  origin: location.optional().catch(undefined),
  destination: location.optional().catch(undefined),
  radius: z.coerce.number().min(1).max(500).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  per_page: z.coerce
    .number()
    .refine((n) => (availablePageSizes as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  search: z.string().optional().catch(undefined),
})
export type AvailableSearch = z.infer<typeof availableSearchSchema>

export function parseAvailableSearch(raw: Record<string, unknown>): AvailableSearch {
  return availableSearchSchema.parse(raw)
}

/** SPEC.md section 5: minimum 1; empty (or not a number) means the default 10. */
export function radiusFromInput(input: string): number {
  const value = Number.parseFloat(input)
  if (input.trim() === '' || Number.isNaN(value)) return DEFAULT_RADIUS_KM
  return Math.min(500, Math.max(1, value))
}
