// The limits and words the PWA shows without building the calls' zod schemas (a module's
// schemas are all built when it is first imported: decision 054). Ratings.

/**
 * Double-blind ratings (issue 28, decision 039): after the delivery, within RATING_DAYS, the
 * sender rates the deliverer and the deliverer the sender, once each. Neither sees the other's
 * until both are in or the window has ended. A person's average shows from RATING_THRESHOLD
 * visible ratings on; ratings an admin hid leave it.
 */
export const RATING_DAYS = 14
export const RATING_THRESHOLD = 3
export const RATING_COMMENT_MAX = 500
export const REASON_MAX = 1000

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
