import type { Role } from '@contract/user'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { AuthContext } from './router-context'
import { roleHome } from './role-home'

/** docs/spec.md section 6: no stored (or an expired) token -> /login, remembering where to come back. */
export function requireSignIn(auth: AuthContext, location: ParsedLocation) {
  const session = auth.session()
  if (!session) throw redirect({ to: '/login', search: { redirect: location.href } })
  return session
}

/**
 * docs/spec.md section 6: a user of another role goes to their own home rather than seeing an error;
 * the history entry says which role the page was for, so home can explain why they are there.
 */
export function requireRole(auth: AuthContext, role: Role) {
  const user = auth.session()?.user
  if (user?.role !== role) {
    throw redirect({ to: roleHome(user?.role), state: (prev) => ({ ...prev, pageFor: role }) })
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by requireRole: the role of the page the user was turned away from. */
    pageFor?: Role
  }
}

/** /login and /signup make no sense when signed in. */
export function redirectSignedIn(auth: AuthContext) {
  const user = auth.session()?.user
  if (user) throw redirect({ to: roleHome(user.role) })
}

/** Only same-app paths: an open redirect to another site would be a phishing aid. */
export function safeRedirectTarget(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null
  if (/^\/(login|signup)(\/|\?|#|$)/.test(target)) return null
  return target
}

export function redirectSearch(search: Record<string, unknown>): { redirect?: string } {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {}
}

export function tokenSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' ? { token: search.token } : {}
}
