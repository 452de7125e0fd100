/** An error that becomes the `{ success: false, message }` envelope with its status code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const httpError = (statusCode: number, message: string, errors?: Record<string, string[]>) =>
  new HttpError(statusCode, message, errors)

/** zod issues of a multipart form (parsed by hand, not by the route schema) as a 400 with field errors. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {}
  for (const issue of issues)
    (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message)
  return httpError(400, issues[0]?.message ?? 'Invalid request', errors)
}

/** SPEC.md section 8: the one answer for an item that does not exist or is not the caller's. */
export const ITEM_NOT_FOUND = 'Item not found'
