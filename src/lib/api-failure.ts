import type { ErrorCode } from '@contract/error-codes'

/**
 * What a failed API call told us, readable without loading the HTTP client (public pages show
 * errors before ky is needed): the one ky instance (api-client.ts) records each failure here.
 */
export interface ApiFailure {
  status: number
  /** What went wrong, for branching (contract/error-codes.ts, decision 032); null off our server. */
  code: ErrorCode | null
  /** For people: shown as it is, never compared. */
  message: string | null
  errors: Record<string, string[]>
}

const failures = new WeakMap<object, ApiFailure>()

export function recordFailure(error: object, failure: ApiFailure) {
  failures.set(error, failure)
}

/** The server's status, message and field errors for an HTTP failure; null for anything else. */
export function apiFailure(error: unknown): ApiFailure | null {
  if (typeof error !== 'object' || error === null) return null
  const recorded = failures.get(error)
  if (recorded) return recorded
  const response = (error as { response?: unknown }).response
  return response instanceof Response
    ? { status: response.status, code: null, message: null, errors: {} }
    : null
}

/** The server's message when there is one, else the caller's wording (docs/spec.md section 8). */
export function failureMessage(error: unknown, fallback: string): string {
  return apiFailure(error)?.message ?? fallback
}

let onUnauthorized: () => void = () => {}

/** The router registers how to reach /login; a setter so lib/ does not import routes. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

/** A call answered 401: the session is gone (expired, revoked, tampered). */
export function sessionRejected() {
  onUnauthorized()
}
