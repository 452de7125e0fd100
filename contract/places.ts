import { z } from 'zod'
import { envelope } from './envelope'

/** docs/spec.md section 3 "Location suggestion". */
const placeSuggestion = z.object({
  display_name: z.string(),
  lat: z.number(),
  lon: z.number(),
})
export type PlaceSuggestion = z.infer<typeof placeSuggestion>

export const placeSearchQuery = z.object({
  q: z.string().trim().min(1, 'Type a place to search for').max(200),
  limit: z.coerce.number().int().min(1).max(20).catch(8).default(8),
})
export const placeReverseQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
})
export const placeSearchAnswer = envelope(z.array(placeSuggestion))
export const placeReverseAnswer = envelope(placeSuggestion.nullable())
