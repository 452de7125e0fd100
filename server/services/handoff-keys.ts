import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
} from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { compactVerify, SignJWT, type JWK } from 'jose'
import { HANDOFF_CODE_TYPE, handoffClaims, type HandoffClaims } from '../../contract/handoffs'
import { handoffKeySet, type Config, type HandoffJwk, type HandoffKeySet } from '../config'

// The keys of the handoff codes (docs/decisions/034-handoff-codes.md): ES256 (P-256), which every
// browser's WebCrypto verifies, so a deliverer's phone checks a code offline.

/** What signs and verifies codes, and the secret their six digits are derived with. */
export interface HandoffKeyring {
  kid: string
  privateKey: KeyObject
  /** GET /api/handoff-keys: the signing key's public part first, then the earlier ones. */
  published: JWK[]
  /** By kid: the keys a code may be signed with. */
  publicKeys: Map<string, KeyObject>
  /** HMAC key of the short codes, derived from JWT_SECRET. */
  shortCodeKey: Buffer
}

/** RFC 7638 thumbprint of an EC key: a kid that names the key and nothing else. */
const thumbprint = (jwk: { crv: string; kty: string; x: string; y: string }) =>
  createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url')
    .slice(0, 16)

/** A new P-256 signing key as a private JWK with its kid. */
export function newHandoffJwk(): HandoffJwk & { d: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; y: string; d: string }
  const key = { kty: 'EC' as const, crv: 'P-256' as const, x: jwk.x, y: jwk.y, d: jwk.d }
  return { ...key, kid: thumbprint(key) }
}

/** A key set as HANDOFF_SIGNING_KEY holds it: `{"keys":[signing key, earlier public keys…]}`. */
export const keySetJson = (set: HandoffKeySet) =>
  JSON.stringify({ keys: [set.signing, ...set.previous] })

/**
 * A rotated set: a new signing key; the old one's public part joins the earlier keys, which stay
 * published. Drop an earlier key only once every code it signed has expired (90 days, decision 034).
 */
export function rotateKeySet(set: HandoffKeySet): HandoffKeySet {
  const { d: _private, ...publicPart } = set.signing
  return { signing: newHandoffJwk(), previous: [publicPart, ...set.previous] }
}

/**
 * HANDOFF_SIGNING_KEY, else (outside production; config.ts refuses production without it) a key
 * generated once into DATA_DIR/handoff-keys.json (0600) and reused, so codes already handed out
 * keep verifying across restarts.
 */
export function resolveHandoffKeys(
  config: Pick<Config, 'handoffKeys' | 'isProduction' | 'dataDir'>,
): HandoffKeySet {
  if (config.handoffKeys) return config.handoffKeys
  if (config.isProduction) throw new Error('HANDOFF_SIGNING_KEY must be set in production')
  const file = path.join(config.dataDir, 'handoff-keys.json')
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true })
    try {
      writeFileSync(file, keySetJson({ signing: newHandoffJwk(), previous: [] }), {
        mode: 0o600,
        flag: 'wx',
      })
    } catch (err) {
      // Another process on the same DATA_DIR wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  return handoffKeySet.parse(readFileSync(file, 'utf8'))
}

const publicJwk = (k: HandoffJwk): JWK => ({
  kty: k.kty,
  crv: k.crv,
  x: k.x,
  y: k.y,
  kid: k.kid,
  alg: 'ES256',
  use: 'sig',
})

export function handoffKeyring(set: HandoffKeySet, jwtSecret: Uint8Array): HandoffKeyring {
  const keys = [set.signing, ...set.previous]
  return {
    kid: set.signing.kid,
    privateKey: createPrivateKey({ key: { ...set.signing }, format: 'jwk' }),
    published: keys.map(publicJwk),
    publicKeys: new Map(
      keys.map((k) => [k.kid, createPublicKey({ key: publicJwk(k) as never, format: 'jwk' })]),
    ),
    shortCodeKey: Buffer.from(
      hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'tote handoff short code', 32),
    ),
  }
}

/** A code: the claims as a compact JWS signed with the current key. */
export const signHandoffCode = (keyring: HandoffKeyring, claims: HandoffClaims) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: keyring.kid, typ: HANDOFF_CODE_TYPE })
    .sign(keyring.privateKey)

/**
 * The claims of a code signed by one of the published keys, or null for anything else (another
 * signer, a changed byte, another kind of token, claims that do not fit). Expiry is the caller's.
 */
export async function readHandoffCode(
  keyring: HandoffKeyring,
  code: string,
): Promise<HandoffClaims | null> {
  try {
    const { payload, protectedHeader } = await compactVerify(
      code,
      (header) => {
        const key = header.kid ? keyring.publicKeys.get(header.kid) : undefined
        if (!key) throw new Error('unknown key')
        return key
      },
      { algorithms: ['ES256'] },
    )
    if (protectedHeader.typ !== HANDOFF_CODE_TYPE) return null
    const claims = handoffClaims.safeParse(JSON.parse(new TextDecoder().decode(payload)))
    return claims.success ? claims.data : null
  } catch {
    return null
  }
}
