import { ERROR_STATUS, type ErrorCode } from '../contract/error-codes'

type FieldErrors = Record<string, string[]>

/**
 * A refusal in the domain's words: a code of contract/error-codes.ts and the message for people
 * (decision 032). Services throw it with plain values; the one error handler
 * (server/plugins/security.ts) answers it as `{ success: false, message, code, errors? }` with the
 * code's HTTP status, so no service knows about HTTP.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: {
      /** Field → messages, for a form to show beside its fields. */
      errors?: FieldErrors
      /** When a throttled caller may try again (Retry-After). */
      retryAfterS?: number
    } = {},
  ) {
    super(message)
    this.name = 'DomainError'
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

/** 429 with Retry-After: the caller may try again once the throttle's window ends. */
export const tooManyRequests = (message: string, retryAfterS: number) =>
  new DomainError('RATE_LIMITED', message, { retryAfterS })

/** A 400 whose message is also the one field's error (a form shows it beside that field). */
export const fieldError = (field: string, message: string) =>
  new DomainError('VALIDATION_FAILED', message, { errors: { [field]: [message] } })

/** zod issues of a multipart form (parsed by hand, not by the route schema) as a 400 with field errors. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {}
  for (const issue of issues)
    (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message)
  return new DomainError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', { errors })
}

/** PostgreSQL text cannot hold U+0000: such input is a 400 wherever it comes in. */
export const NUL_IN_TEXT = 'Text must not contain NUL characters'

/** docs/spec.md section 8: the one answer for an item that does not exist or is not the caller's. */
export const ITEM_NOT_FOUND = 'Item not found'

/** The code a bare HTTP status stands for, when nothing more specific is known. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  402: 'PAYMENT_DECLINED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'IDEMPOTENCY_KEY_REUSED',
  429: 'RATE_LIMITED',
  502: 'PAYMENT_PROVIDER_UNAVAILABLE',
  503: 'UNAVAILABLE',
}

/** The code of a status for a failure (one of Fastify's own) that names none: 4xx → BAD_REQUEST, 5xx → INTERNAL. */
export function codeOfStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST')
}
