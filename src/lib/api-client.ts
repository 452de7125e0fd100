import ky, { HTTPError } from 'ky'
import { clearSession, getSession } from './auth-storage'
import { env } from './env'

/** What a failed call told us: the server's message and field errors, when it sent them. */
export interface ApiFailure {
  status: number
  message: string | null
  errors: Record<string, string[]>
}

const failures = new WeakMap<Error, ApiFailure>()

let onUnauthorized: () => void = () => {}

/** The router registers how to reach /login; kept as a setter so lib/ does not import routes. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

function isLoginCall(request: Request) {
  return request.method === 'POST' && new URL(request.url).pathname === `${env.apiPrefix}/login`
}

async function readFailure(response: Response): Promise<ApiFailure> {
  let message: string | null = null
  let errors: Record<string, string[]> = {}
  try {
    const body: unknown = await response.clone().json()
    if (typeof body === 'object' && body !== null) {
      const b = body as { message?: unknown; errors?: unknown }
      if (typeof b.message === 'string' && b.message) message = b.message
      if (typeof b.errors === 'object' && b.errors !== null) {
        errors = b.errors as Record<string, string[]>
      }
    }
  } catch {
    // Not JSON (a proxy page, an empty body): callers fall back to their own wording.
  }
  return { status: response.status, message, errors }
}

export const api = ky.create({
  // Absolute, because Request outside a document (tests, a service worker) cannot resolve '/api'.
  prefixUrl: new URL(env.apiPrefix, globalThis.location.origin).href,
  // TanStack Query decides about retries; ky retrying too would multiply them.
  retry: 0,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getSession()?.token
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        // The login form shows its own 401 ('Invalid email or password'); any other 401 means
        // the session is gone (expired, revoked, tampered) and must not linger.
        if (response.status === 401 && !isLoginCall(request)) {
          clearSession()
          onUnauthorized()
        }
      },
    ],
    beforeError: [
      async (error) => {
        failures.set(error, await readFailure(error.response))
        return error
      },
    ],
  },
})

export function apiFailure(error: unknown): ApiFailure | null {
  if (error instanceof HTTPError) {
    return failures.get(error) ?? { status: error.response.status, message: null, errors: {} }
  }
  return null
}

/** The server's message when there is one, else the caller's wording (SPEC.md section 8). */
export function failureMessage(error: unknown, fallback: string): string {
  return apiFailure(error)?.message ?? fallback
}
