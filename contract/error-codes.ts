/**
 * Every failure of the API carries one of these codes beside its message (decision 032). Clients
 * branch on the code, never on the wording, which is for people and may change; the code and the
 * HTTP status it is answered with do not. zod-free, so the PWA and the service worker import it.
 */
export const ERROR_STATUS = {
  /** A body, query, params or form field is missing or wrong; `errors` says which. */
  VALIDATION_FAILED: 400,
  /** The body could not be read at all: not JSON, empty JSON, a torn multipart upload. */
  MALFORMED_BODY: 400,
  /** A verification, reset, set-password or test payout setup link that is unknown, used or expired. */
  INVALID_LINK: 400,
  /** The payment provider's webhook signature does not match. */
  INVALID_SIGNATURE: 400,
  /** The deliverer already has the most saved trips allowed. */
  TOO_MANY_TRIPS: 400,
  /** Any other request the server cannot make sense of. */
  BAD_REQUEST: 400,
  /** A pickup or delivery step without the code it needs (decision 034). */
  HANDOFF_CODE_REQUIRED: 400,
  /** A handoff code for another item, step or deliverer, not signed by Tote, replaced, or wrong digits. */
  HANDOFF_CODE_INVALID: 400,
  HANDOFF_CODE_EXPIRED: 400,
  /** A handoff's moment in the future, before the acceptance or before the pickup. */
  HANDOFF_TIME_INVALID: 400,
  /** No token, or one that is expired, revoked or unknown. */
  UNAUTHENTICATED: 401,
  /** Login with an unknown email or a wrong password. */
  INVALID_CREDENTIALS: 401,
  /** A test card was declined. */
  PAYMENT_DECLINED: 402,
  /** Signed in, but the call is for another role. */
  FORBIDDEN: 403,
  /** Login to an account an admin deactivated. */
  ACCOUNT_DEACTIVATED: 403,
  /** Login before the email address is verified (the PWA offers to resend the mail). */
  EMAIL_NOT_VERIFIED: 403,
  /** Unknown route or anything else that does not exist. */
  NOT_FOUND: 404,
  /** docs/spec.md section 8: an item that does not exist or is not the caller's. */
  ITEM_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  REQUEST_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  PHOTO_NOT_FOUND: 404,
  TERM_NOT_FOUND: 404,
  TRIP_NOT_FOUND: 404,
  NOTIFICATION_NOT_FOUND: 404,
  RATING_NOT_FOUND: 404,
  /** An item with no dispute (resolve). */
  DISPUTE_NOT_FOUND: 404,
  /** Web Push is not configured on this server. */
  PUSH_NOT_SET_UP: 404,
  /** Something that already exists or was already done (an account, a request, an answer). */
  CONFLICT: 409,
  /** The item (or its request, or its payment) is not in a state that allows this. */
  BAD_TRANSITION: 409,
  /** A handoff code that was already used for its step. */
  HANDOFF_CODE_USED: 409,
  /** The same Idempotency-Key is still being processed: try again shortly. */
  IN_FLIGHT: 409,
  /** The item already has the most photos allowed. */
  TOO_MANY_PHOTOS: 409,
  /** A message before the sender accepted a deliverer: the conversation is not open yet. */
  THREAD_NOT_STARTED: 409,
  /** A message after the conversation closed (14 days after the delivery, or the item cancelled). */
  THREAD_CLOSED: 409,
  /** A rating before the item is delivered. */
  RATING_NOT_OPEN: 409,
  /** A rating after its window (14 days after the delivery) ended. */
  RATING_WINDOW_CLOSED: 409,
  /** A second rating of the same delivery by the same person: ratings are not edited. */
  ALREADY_RATED: 409,
  /** A second report of the same rating by the same person. */
  ALREADY_REPORTED: 409,
  /** A dispute before the item is delivered. */
  DISPUTE_NOT_DELIVERED: 409,
  /** A dispute after the hold window (the money was released, or is due to be). */
  DISPUTE_WINDOW_CLOSED: 409,
  /** A second dispute of the same item. */
  ALREADY_DISPUTED: 409,
  /** A resolution of a dispute that was already resolved (one of parallel calls applies). */
  DISPUTE_ALREADY_RESOLVED: 409,
  /** A refund when nothing is left to refund (a second full refund, an unpaid item). */
  NOTHING_TO_REFUND: 409,
  /** A refund above what is left to refund; the message says how much is left. */
  REFUND_EXCEEDS_REMAINING: 409,
  /** A payment before the sender accepted the current sender terms (decision 044). */
  SENDER_TERMS_NOT_ACCEPTED: 409,
  /** Accepting a version of the sender terms that is no longer the current one: read them again. */
  SENDER_TERMS_CHANGED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An Idempotency-Key sent again with another method, path or body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A throttle: the message says what was limited, Retry-After when to try again. */
  RATE_LIMITED: 429,
  /** Unexpected: logged on the server, "try again" for the user. */
  INTERNAL: 500,
  /** A transfer to a deliverer whose payout account cannot receive one (transfers capability). */
  PAYOUT_ACCOUNT_NOT_READY: 409,
  /** The payment provider could not be reached or refused the call. */
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  /** The database or the object store is away: try again. */
  UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value)

/** The code of a failure the caller may simply send again later (the outbox keeps it queued). */
export const RETRY_LATER_CODES: readonly ErrorCode[] = [
  'IN_FLIGHT',
  'RATE_LIMITED',
  'INTERNAL',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'UNAVAILABLE',
]
