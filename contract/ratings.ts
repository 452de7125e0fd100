import { z } from 'zod'
import { envelope } from './envelope'

/**
 * Double-blind ratings (issue 28, decision 039): after the delivery, within RATING_DAYS, the
 * sender rates the deliverer and the deliverer the sender, once each. Neither sees the other's
 * until both are in or the window has ended. A person's average shows from RATING_THRESHOLD
 * visible ratings on; ratings an admin hid leave it.
 */
export const RATING_DAYS = 14
export const RATING_THRESHOLD = 3
export const RATING_COMMENT_MAX = 500
const REASON_MAX = 1000

export const ratingMessages = {
  stars: 'Stars must be a whole number from 1 to 5',
  commentTooLong: `A comment must be at most ${RATING_COMMENT_MAX} characters`,
  notDelivered: 'You can rate once the item is delivered',
  windowClosed: `Ratings close ${RATING_DAYS} days after the delivery`,
  already: 'You already rated this delivery; ratings cannot be changed',
  adminsDoNotRate: 'Admins do not rate deliveries',
  reasonMissing: 'Please say what is wrong with this rating',
  reasonTooLong: `A reason must be at most ${REASON_MAX} characters`,
  notFound: 'Rating not found',
  alreadyReported: 'You already reported this rating',
  alreadyHidden: 'This rating is already hidden',
  saved: 'Rating saved',
  reported: 'Thank you: Tote will look at this rating',
  hidden: 'Rating hidden',
} as const

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
