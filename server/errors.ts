/** An error that becomes the `{ success: false, message }` envelope with its status code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra answer headers (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const httpError = (statusCode: number, message: string, errors?: Record<string, string[]>) =>
  new HttpError(statusCode, message, errors)

/** 429 with Retry-After: the caller may try again once the throttle's window ends. */
export const tooManyRequests = (message: string, retryAfterS: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(retryAfterS) })

/** zod issues of a multipart form (parsed by hand, not by the route schema) as a 400 with field errors. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {}
  for (const issue of issues)
    (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message)
  return httpError(400, issues[0]?.message ?? 'Invalid request', errors)
}

/** PostgreSQL text cannot hold U+0000: such input is a 400 wherever it comes in. */
export const NUL_IN_TEXT = 'Text must not contain NUL characters'

/** docs/spec.md section 8: the one answer for an item that does not exist or is not the caller's. */
export const ITEM_NOT_FOUND = 'Item not found'
