import type { z } from 'zod'
import {
  HANDOFF_CODE_TYPE,
  handoffClaims,
  type HandoffClaims,
  type handoffKeysAnswer,
  type HandoffStep,
} from '@contract/handoffs'
import { HANDOFF } from '@contract/handoff-messages'

// Checks a signed handoff code on the deliverer's phone, offline (decisions 034 and 036): the
// signature against the public keys of GET /api/handoff-keys kept on the device, then what the
// code says. Pure (WebCrypto only), so the page and a unit test run the same code. Nothing here
// is secret: the server checks the code again when the step arrives.

export type HandoffKeys = z.infer<typeof handoffKeysAnswer>['keys']

/** The reasons a code is refused on the spot: the server's words, and one only a phone needs. */
export const HANDOFF_REFUSAL = {
  notToteCode: 'This is not a Tote code',
  notSigned: HANDOFF.notSigned,
  otherItem: HANDOFF.otherItem,
  otherStep: HANDOFF.otherStep,
  otherDeliverer: HANDOFF.otherDeliverer,
  expired: HANDOFF.expired,
} as const

export interface HandoffExpectation {
  itemId: string
  step: HandoffStep
  /** The signed-in deliverer's id. */
  delivererId: string
  /** The cached key set; null when this device never fetched it. */
  keys: HandoffKeys | null
  now?: Date
}

export type HandoffVerdict =
  | { ok: true; claims: HandoffClaims }
  /** No keys on the device: the code can only be checked by the server. */
  | { ok: false; reason: 'no-keys' }
  | { ok: false; reason: 'refused'; message: string }

const refused = (message: string): HandoffVerdict => ({ ok: false, reason: 'refused', message })

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  try {
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
    return Uint8Array.from(binary, (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

function base64UrlJson(text: string): unknown {
  const bytes = base64UrlBytes(text)
  if (!bytes) return null
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown
  } catch {
    return null
  }
}

async function signatureValid(
  key: HandoffKeys[number],
  signingInput: string,
  signature: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  try {
    const publicKey = await crypto.subtle.importKey(
      'jwk',
      { kty: key.kty, crv: key.crv, x: key.x, y: key.y, ext: true },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    // A JWS ES256 signature is r||s (64 bytes), the very form WebCrypto's ECDSA takes.
    return await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      signature,
      new TextEncoder().encode(signingInput),
    )
  } catch {
    return false
  }
}

/** Checks a compact JWS handoff code for this item, step and deliverer; never throws. */
export async function verifyHandoffCode(
  code: string,
  expected: HandoffExpectation,
): Promise<HandoffVerdict> {
  const parts = code.trim().split('.')
  if (parts.length !== 3) return refused(HANDOFF_REFUSAL.notToteCode)
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = base64UrlJson(headerPart) as { typ?: unknown; alg?: unknown; kid?: unknown } | null
  if (
    !header ||
    typeof header !== 'object' ||
    header.typ !== HANDOFF_CODE_TYPE ||
    header.alg !== 'ES256'
  )
    return refused(HANDOFF_REFUSAL.notToteCode)
  const signature = base64UrlBytes(signaturePart)
  if (!signature) return refused(HANDOFF_REFUSAL.notToteCode)
  if (!expected.keys) return { ok: false, reason: 'no-keys' }
  const key = expected.keys.find((k) => k.kid === header.kid)
  if (!key || signature.length !== 64) return refused(HANDOFF_REFUSAL.notSigned)
  if (!(await signatureValid(key, `${headerPart}.${payloadPart}`, signature)))
    return refused(HANDOFF_REFUSAL.notSigned)
  // Signed by Tote, so a payload that does not parse is a code of some other shape.
  const claims = handoffClaims.safeParse(base64UrlJson(payloadPart))
  if (!claims.success) return refused(HANDOFF_REFUSAL.notToteCode)
  const { item, step, deliverer, exp } = claims.data
  if (item !== expected.itemId) return refused(HANDOFF_REFUSAL.otherItem)
  if (step !== expected.step) return refused(HANDOFF_REFUSAL.otherStep[expected.step])
  if (deliverer !== expected.delivererId) return refused(HANDOFF_REFUSAL.otherDeliverer)
  if (exp * 1000 <= (expected.now ?? new Date()).getTime()) return refused(HANDOFF_REFUSAL.expired)
  return { ok: true, claims: claims.data }
}
