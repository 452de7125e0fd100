import { createHmac, timingSafeEqual } from 'node:crypto'

export const WEBHOOK_TOLERANCE_S = 300

/** The Stripe-Signature header value for `payload` (tests and tools). */
export function signStripePayload(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/**
 * Stripe's webhook signature scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` (one
 * or more v1 entries), with the timestamp at most `toleranceS` away from now.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  opts: { toleranceS?: number; nowS?: number } = {},
): boolean {
  if (!header) return false
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const key = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase())
  }
  if (timestamp === undefined || signatures.length === 0) return false
  const now = opts.nowS ?? Math.floor(Date.now() / 1000)
  if (Math.abs(now - timestamp) > (opts.toleranceS ?? WEBHOOK_TOLERANCE_S)) return false
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest()
  return signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected))
}
