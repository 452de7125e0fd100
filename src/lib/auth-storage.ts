import type { LoginData } from '@contract/auth'
import type { SessionUser } from '@contract/user'

/** localStorage keys; also read by the e2e tests, so renaming them is a breaking change. */
export const STORAGE_KEYS = {
  token: 'tote.token',
  user: 'tote.user',
  tokenExpiry: 'tote.token_expiry',
} as const

export interface Session {
  token: string
  user: SessionUser
}

const listeners = new Set<() => void>()
let cached: { session: Session | null } | null = null

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    // Storage can be unavailable (privacy mode, quota); treat it as signed out.
    return null
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return null
    const u = value as Record<string, unknown>
    const ok =
      typeof u.id === 'string' &&
      typeof u.name === 'string' &&
      typeof u.email === 'string' &&
      (u.role === 'sender' || u.role === 'deliverer' || u.role === 'admin')
    return ok ? (value as SessionUser) : null
  } catch {
    return null
  }
}

/** The stored token while its expiry is ahead; a missing or past expiry counts as none. */
function readToken(): string | null {
  const token = read(STORAGE_KEYS.token)
  if (!token) return null
  const expiry = Date.parse(read(STORAGE_KEYS.tokenExpiry) ?? '')
  return Number.isNaN(expiry) || expiry <= Date.now() ? null : token
}

function readSession(): Session | null {
  const token = readToken()
  if (!token) return null
  const user = parseUser(read(STORAGE_KEYS.user))
  // Without a user we cannot pick a role's pages, so a lone token is not a session.
  return user ? { token, user } : null
}

function notify() {
  cached = null
  for (const listener of listeners) listener()
}

/** The current session, or null when signed out or the token has expired. */
export function getSession(): Session | null {
  const session = readSession()
  // Keep the same object while nothing changed so useSyncExternalStore does not loop.
  if (
    cached &&
    cached.session?.token === session?.token &&
    JSON.stringify(cached.session?.user) === JSON.stringify(session?.user)
  ) {
    return cached.session
  }
  cached = { session }
  return session
}

/** The stored user even without a valid token (the sidebar shows it; falls back to Demo User). */
export function getStoredUser(): SessionUser | null {
  return parseUser(read(STORAGE_KEYS.user))
}

export function saveSession(data: LoginData) {
  localStorage.setItem(STORAGE_KEYS.token, data.token)
  localStorage.setItem(STORAGE_KEYS.tokenExpiry, data.expires_at)
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(data.user))
  notify()
}

/** A live token whose user was lost (cleared by hand, another app's storage): restorable. */
export function loneToken(): string | null {
  return getStoredUser() ? null : readToken()
}

export function saveStoredUser(user: SessionUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
  notify()
}

export function updateStoredUser(patch: Partial<SessionUser>) {
  const user = getStoredUser()
  if (!user) return
  const next = { ...user, ...patch }
  if (JSON.stringify(next) === JSON.stringify(user)) return
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(next))
  notify()
}

export function clearSession() {
  try {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key)
  } finally {
    notify()
  }
}

function onStorage(event: StorageEvent) {
  if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) notify()
}

export function subscribe(listener: () => void): () => void {
  // Another tab signing in or out changes what this tab may show.
  if (listeners.size === 0) window.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}
