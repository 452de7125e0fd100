import { createHash, randomBytes, webcrypto } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { jwtVerify, SignJWT } from 'jose'
import { JWT_SECRET_MIN_BYTES } from '../config'

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const RESET_TTL_MS = 60 * 60 * 1000
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000

/** JWT_SECRET, else (outside production) a random secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(opts: {
  jwtSecret?: string
  isProduction: boolean
  dataDir: string
}): Uint8Array {
  if (opts.jwtSecret) {
    if (opts.isProduction && Buffer.byteLength(opts.jwtSecret, 'utf8') < JWT_SECRET_MIN_BYTES)
      throw new Error(`JWT_SECRET must be at least ${JWT_SECRET_MIN_BYTES} bytes`)
    return new TextEncoder().encode(opts.jwtSecret)
  }
  if (opts.isProduction) throw new Error('JWT_SECRET must be set in production')
  const file = path.join(opts.dataDir, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(opts.dataDir, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

export const signSessionToken = (
  secret: Uint8Array,
  claims: { sub: string; jti: string; exp: Date },
) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.exp.getTime() / 1000))
    .sign(secret)

/** Verifies signature (HS256 only) and expiry; answers null for anything else. */
/**
 * The secret as a WebCrypto HMAC key, imported once per secret: given the bytes, jose imports
 * them again on every call, and every authenticated request verifies a token.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>()
function hmacKey(secret: Uint8Array) {
  let key = hmacKeys.get(secret)
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ])
    hmacKeys.set(secret, key)
  }
  return key
}

export async function verifySessionToken(secret: Uint8Array, token: string) {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'] })
    if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string') return null
    return { jti: payload.jti, sub: payload.sub }
  } catch {
    return null
  }
}

/** A one-time link token: the raw value goes into the mail, only its SHA-256 hash is stored. */
export function newOneTimeToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
