// @vitest-environment node
// Node's WebCrypto: real ES256 keys, made here, sign the codes the phone checks.
import { beforeAll, describe, expect, it } from 'vitest'
import { HANDOFF_CODE_TYPE, type HandoffClaims } from '@contract/handoffs'
import { b64json, makeKey, signCode } from '@/test/handoff-codes'
import { HANDOFF_REFUSAL, verifyHandoffCode, type HandoffKeys } from './handoff-verify'

const itemId = 'item-1'
const delivererId = 'deliverer-1'
const now = new Date('2026-11-26T12:00:00Z')
const inAWeek = Math.floor(now.getTime() / 1000) + 7 * 86_400

let signingKey: CryptoKey
let otherKey: CryptoKey
let keys: HandoffKeys

beforeAll(async () => {
  const current = await makeKey('current')
  const earlier = await makeKey('earlier')
  const stranger = await makeKey('stranger')
  signingKey = current.privateKey
  otherKey = stranger.privateKey
  keys = [earlier.published, current.published]
})

const sign = (
  claims: Partial<HandoffClaims> = {},
  opts: { key?: CryptoKey; kid?: string; typ?: string } = {},
) =>
  signCode(
    opts.key ?? signingKey,
    opts.kid ?? 'current',
    {
      item: itemId,
      deliverer: delivererId,
      step: 'pickup',
      nonce: 'n0nce',
      exp: inAWeek,
      iat: inAWeek - 7 * 86_400,
      ...claims,
    },
    opts.typ,
  )

const check = (
  code: string,
  over: { step?: 'pickup' | 'delivery'; keys?: HandoffKeys | null } = {},
) =>
  verifyHandoffCode(code, {
    itemId,
    delivererId,
    step: over.step ?? 'pickup',
    keys: over.keys === undefined ? keys : over.keys,
    now,
  })

const refusal = (message: string) => ({ ok: false, reason: 'refused', message })

describe('verifyHandoffCode', () => {
  it('accepts a code signed by a published key for this item, step and deliverer', async () => {
    const verdict = await check(await sign())
    expect(verdict).toMatchObject({ ok: true, claims: { item: itemId, step: 'pickup' } })
  })

  it('accepts a delivery code signed by an earlier key still published (rotation)', async () => {
    const earlier = await makeKey('earlier-2')
    const code = await sign({ step: 'delivery' }, { key: earlier.privateKey, kid: 'earlier-2' })
    expect(
      await check(code, { step: 'delivery', keys: [...keys, earlier.published] }),
    ).toMatchObject({
      ok: true,
    })
  })

  it('refuses a tampered payload: the signature no longer matches', async () => {
    const [header, , signature] = (await sign()).split('.')
    const forged = b64json({
      item: itemId,
      deliverer: delivererId,
      step: 'delivery',
      nonce: 'n0nce',
      exp: inAWeek,
      iat: 0,
    })
    expect(await check(`${header}.${forged}.${signature}`, { step: 'delivery' })).toEqual(
      refusal(HANDOFF_REFUSAL.notSigned),
    )
  })

  it('refuses a code signed by a key Tote does not publish, under a known kid or not', async () => {
    expect(await check(await sign({}, { key: otherKey }))).toEqual(
      refusal(HANDOFF_REFUSAL.notSigned),
    )
    expect(await check(await sign({}, { key: otherKey, kid: 'stranger' }))).toEqual(
      refusal(HANDOFF_REFUSAL.notSigned),
    )
  })

  it('refuses a code for another item', async () => {
    expect(await check(await sign({ item: 'item-2' }))).toEqual(refusal(HANDOFF_REFUSAL.otherItem))
  })

  it('refuses the other step, saying which', async () => {
    expect(await check(await sign({ step: 'delivery' }))).toEqual(
      refusal('This code is for the delivery, not the pickup'),
    )
    expect(await check(await sign(), { step: 'delivery' })).toEqual(
      refusal('This code is for the pickup, not the delivery'),
    )
  })

  it('refuses a code for another deliverer', async () => {
    expect(await check(await sign({ deliverer: 'deliverer-2' }))).toEqual(
      refusal(HANDOFF_REFUSAL.otherDeliverer),
    )
  })

  it('refuses an expired code, to the second', async () => {
    const exp = Math.floor(now.getTime() / 1000)
    expect(await check(await sign({ exp }))).toEqual(refusal(HANDOFF_REFUSAL.expired))
    expect(await check(await sign({ exp: exp + 1 }))).toMatchObject({ ok: true })
  })

  it('refuses what is not a Tote code', async () => {
    for (const garbage of [
      'hello',
      'https://example.com/a.b',
      'a.b.c',
      `${b64json({ alg: 'ES256', typ: 'JWT', kid: 'current' })}.e30.AAAA`,
      `${b64json({ alg: 'HS256', typ: HANDOFF_CODE_TYPE, kid: 'current' })}.e30.AAAA`,
      `${b64json({ alg: 'ES256', typ: HANDOFF_CODE_TYPE, kid: 'current' })}.e30.not base64!`,
    ])
      expect(await check(garbage), garbage).toEqual(refusal(HANDOFF_REFUSAL.notToteCode))
  })

  it('refuses a Tote signature over a payload that is no handoff', async () => {
    const code = await signCode(signingKey, 'current', { sub: 'someone' } as never)
    expect(await check(code)).toEqual(refusal(HANDOFF_REFUSAL.notToteCode))
  })

  it('says when the device has no keys, so the server must check the code', async () => {
    expect(await check(await sign(), { keys: null })).toEqual({ ok: false, reason: 'no-keys' })
  })
})
