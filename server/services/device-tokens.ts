import { hkdfSync, randomBytes } from 'node:crypto'

/**
 * The device cookie of the login throttle (OWASP's "device cookies", docs/decisions/029): a browser
 * that signed in to an account keeps a signed token naming the account, and its logins are counted
 * on their own instead of with the guesses of unknown clients. Only the payload lives here; the
 * cookie plugin signs it (HMAC-SHA256 with deviceCookieKey) and the login route sets and reads it.
 */

/** One cookie per account (a shared phone keeps each of its accounts' tokens). */
export const DEVICE_COOKIE_PREFIX = 'tote_device_'

/** Lifetime of a token; each successful sign-in on the device issues a fresh one. */
export const DEVICE_TOKEN_TTL_MS = 180 * 24 * 60 * 60 * 1000

/** At most this many device cookies of one request are looked at. */
const MAX_DEVICE_COOKIES = 20

export interface DeviceToken {
  userId: string
  nonce: string
}

/**
 * The signing key of device cookies, derived from JWT_SECRET (HKDF-SHA256 with its own label): no
 * second secret to configure, and a device token can never pass for a session token or back.
 */
export const deviceCookieKey = (jwtSecret: Uint8Array) =>
  Buffer.from(hkdfSync('sha256', jwtSecret, new Uint8Array(0), 'tote device cookie v1', 32))

/** A new payload for `userId`: the account, a random nonce and the expiry (Unix seconds). */
export function newDeviceToken(userId: string, now = Date.now()): string {
  const expires = Math.floor((now + DEVICE_TOKEN_TTL_MS) / 1000)
  return `${userId}.${randomBytes(16).toString('base64url')}.${expires}`
}

/** The account and nonce of a verified payload, or null when it is malformed or expired. */
function readDeviceToken(payload: string, now = Date.now()): DeviceToken | null {
  const [userId, nonce, expires, ...rest] = payload.split('.')
  if (rest.length || !userId || !nonce || !expires || !/^\d+$/.test(expires)) return null
  if (Number(expires) * 1000 <= now) return null
  return { userId, nonce }
}

/**
 * The valid device tokens among a request's cookies; `unsign` checks a cookie's signature and
 * answers its payload, or null.
 */
export function deviceTokensOf(
  cookies: Record<string, string | undefined>,
  unsign: (value: string) => string | null,
  now = Date.now(),
): DeviceToken[] {
  return Object.entries(cookies)
    .filter(([name]) => name.startsWith(DEVICE_COOKIE_PREFIX))
    .slice(0, MAX_DEVICE_COOKIES)
    .flatMap(([name, value]) => {
      const payload = value ? unsign(value) : null
      const token = payload ? readDeviceToken(payload, now) : null
      // The name says whose token it is too: a token moved under another name counts for nothing.
      return token && name === DEVICE_COOKIE_PREFIX + token.userId ? [token] : []
    })
}
