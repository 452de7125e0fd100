import ky from 'ky'
import { isErrorCode, type ErrorCode } from '@contract/error-codes'
import { recordFailure, sessionRejected, type ApiFailure } from './api-failure'
import { clearSession, getSession } from './auth-storage'
import { env } from './env'

function isLoginCall(request: Request) {
  return request.method === 'POST' && new URL(request.url).pathname === `${env.apiPrefix}/login`
}

async function readFailure(response: Response): Promise<ApiFailure> {
  let message: string | null = null
  let code: ErrorCode | null = null
  let errors: Record<string, string[]> = {}
  try {
    const body: unknown = await response.clone().json()
    if (typeof body === 'object' && body !== null) {
      const b = body as { message?: unknown; code?: unknown; errors?: unknown }
      if (typeof b.message === 'string' && b.message) message = b.message
      if (isErrorCode(b.code)) code = b.code
      if (typeof b.errors === 'object' && b.errors !== null) {
        errors = b.errors as Record<string, string[]>
      }
    }
  } catch {
    // Not JSON (a proxy page, an empty body): callers fall back to their own wording.
  }
  return { status: response.status, code, message, errors }
}

/** The one ky instance: the token on every call, 401 handling, failures readable by apiFailure. */
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
          sessionRejected()
        }
      },
    ],
    beforeError: [
      async (error) => {
        recordFailure(error, await readFailure(error.response))
        return error
      },
    ],
  },
})
