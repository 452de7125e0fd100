import { HANDOFF_CODE_TYPE, type HandoffClaims } from '@contract/handoffs'
import type { HandoffKeys } from '@/lib/handoff-verify'

// Real ES256 keys and codes made with WebCrypto, as the server makes them (decision 034).

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
export const b64json = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)))

export interface TestKey {
  privateKey: CryptoKey
  published: HandoffKeys[number]
}

export async function makeKey(kid: string): Promise<TestKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey)
  return {
    privateKey: pair.privateKey,
    published: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, kid, alg: 'ES256', use: 'sig' },
  }
}

/** A compact JWS over `claims` (header typ HANDOFF_CODE_TYPE, alg ES256) with `key`. */
export async function signCode(
  key: CryptoKey,
  kid: string,
  claims: HandoffClaims,
  typ = HANDOFF_CODE_TYPE,
): Promise<string> {
  const header = b64json({ alg: 'ES256', kid, typ })
  const payload = b64json(claims)
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    new TextEncoder().encode(`${header}.${payload}`),
  )
  return `${header}.${payload}.${b64url(new Uint8Array(signature))}`
}
