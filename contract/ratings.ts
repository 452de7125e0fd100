import { z } from 'zod'
import { envelope } from './envelope'
import { RATING_COMMENT_MAX, REASON_MAX, ratingMessages } from './rating-rules'

/** POST /api/items/{id}/rating */
export const ratingBody = z.object({
  stars: z
    .number({ error: ratingMessages.stars })
    .int(ratingMessages.stars)
    .min(1, ratingMessages.stars)
    .max(5, ratingMessages.stars),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, ratingMessages.commentTooLong)
    .optional()
    .transform((c) => c || null),
})

export const rating = z.object({
  id: z.string(),
  stars: z.number().int(),
  /** Null when none was written, or when an admin hid the rating. */
  comment: z.string().nullable(),
  /** The rater's side: `sender` rated the deliverer, `deliverer` the sender. */
  by: z.enum(['sender', 'deliverer']),
  created_at: z.string(),
  /** An admin hid it: it leaves the average and its comment is not shown. */
  hidden: z.boolean(),
})
export type Rating = z.infer<typeof rating>

/**
 * GET /api/items/{id}/ratings: the caller's own rating and the other side's. `theirs` is null
 * until both are in or the window has ended (double-blind). `closes_at`: the end of the window
 * (null before the delivery); `can_rate`: whether the caller may still rate.
 */
export const ratingsAnswer = envelope(
  z.object({
    mine: rating.nullable(),
    theirs: rating.nullable(),
    closes_at: z.string().nullable(),
    can_rate: z.boolean(),
  }),
)
/** POST /api/items/{id}/rating answers 201 with the rating as stored. */
export const ratingAnswer = envelope(z.object({ rating }))

/**
 * A person's record: the average stars (one decimal) and the count of their visible, not hidden
 * ratings; null below RATING_THRESHOLD of them.
 */
export const ratingSummary = z.object({ average: z.number(), count: z.number().int() }).nullable()
export type RatingSummary = z.infer<typeof ratingSummary>

const reason = z
  .string({ error: ratingMessages.reasonMissing })
  .trim()
  .min(1, ratingMessages.reasonMissing)
  .max(REASON_MAX, ratingMessages.reasonTooLong)

/** POST /api/ratings/{id}/report and POST /api/admin/ratings/{id}/hide */
export const ratingReasonBody = z.object({ reason })
export const ratingParams = z.object({ id: z.string().max(100) })
