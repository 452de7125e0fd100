import type { ErrorCode } from '../../contract/error-codes'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { photoMessages } from '../../contract/photo-rules'
import { buildApp, type App } from '../app'
import { auditLog, deliveryRequests, handoffs, items, users } from '../db/schema'
import {
  readHandoffCode,
  rotateKeySet,
  handoffKeyring,
  newHandoffJwk,
  signHandoffCode,
} from '../services/handoff-keys'
import { HANDOFF } from '../../contract/handoff-messages'
import { LIMITS, TOO_MANY } from '../services/throttle'
import { handoffKeySet } from '../config'
import {
  approveDelivery,
  approveSending,
  bearer,
  createRequest,
  createUser,
  itemBody,
  multipart,
  payAndAccept,
  TINY_PDF,
  type FilePart,
  type TestUser,
} from '../testing/fixtures'
import { plainImage } from '../testing/photos'
import {
  backends,
  createTestApp,
  TEST_HANDOFF_SIGNING_KEY,
  TEST_JWT_SECRET,
  type TestApp,
} from '../testing/test-app'

// Handoffs you can prove with no signal (docs/decisions/034-handoff-codes.md), through the real
// routes: the codes issued at acceptance, checked when a step arrives, and what each party sees.

// The environment's key set after one rotation: the current key signs, the previous one is
// published for codes it signed.
const PREVIOUS = handoffKeySet.parse(TEST_HANDOFF_SIGNING_KEY)
const ROTATED_SET = rotateKeySet(PREVIOUS)
const ROTATED = JSON.stringify({ keys: [ROTATED_SET.signing, ...ROTATED_SET.previous] })
const KIDS = [ROTATED_SET.signing.kid, PREVIOUS.signing.kid]
const PREVIOUS_KEYRING = handoffKeyring(PREVIOUS, new TextEncoder().encode(TEST_JWT_SECRET))

const BAD_TRANSITION = 'This delivery cannot move to that status'
const NO_MOMENT = 'The handoff time is required'
const minutes = (n: number) => n * 60 * 1000

/** The code each refusal of the table below answers with (decision 032). */
function codeOf(message: string): ErrorCode {
  if (message === HANDOFF.future || message === HANDOFF.beforeAcceptance)
    return 'HANDOFF_TIME_INVALID'
  if (message === HANDOFF.expired) return 'HANDOFF_CODE_EXPIRED'
  if (message === HANDOFF.locationPair || message === NO_MOMENT) return 'VALIDATION_FAILED'
  if (message === HANDOFF.required) return 'HANDOFF_CODE_REQUIRED'
  if (message === BAD_TRANSITION) return 'BAD_TRANSITION'
  return 'HANDOFF_CODE_INVALID'
}

describe.each(backends)('handoff codes on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let otherSender: TestUser
  let deliverer: TestUser
  let passedOver: TestUser
  let admin: TestUser
  beforeAll(async () => {
    // The key set of the environment, its previous key included (a rotation).
    t = await createTestApp(backend, { HANDOFF_SIGNING_KEY: ROTATED })
    sender = await createUser(t.app, { role: 'sender', name: 'Sam Sender' })
    otherSender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer', name: 'Dana Deliverer' })
    passedOver = await createUser(t.app, { role: 'deliverer' })
    admin = await createUser(t.app, { role: 'admin' })
    await t.app.db.update(users).set({ phone: '+1 555 0199' }).where(eq(users.id, deliverer.id))
  })
  afterAll(() => t?.close())

  const get = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} })
  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(user) })

  /** An item posted through the API, requested by both deliverers, the first one paid and accepted. */
  async function acceptedItem(over: Record<string, unknown> = {}) {
    const created = await post(
      sender,
      '/api/items',
      itemBody({
        pickup_address: 'Back door, Torstrasse 1, Berlin',
        pickup_instructions: 'Weekdays 9-17',
        pickup_phone: '+49 30 555 0100',
        ...over,
      }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const itemId = created.json().data.item.id as string
    await approveSending(t.app, itemId)
    const request = await createRequest(t.app, itemId, deliverer.id)
    await createRequest(t.app, itemId, passedOver.id)
    await approveDelivery(t.app, itemId, request.id)
    await payAndAccept(t.app, sender, { itemId, delivererId: deliverer.id, accept: false })
    return { itemId, requestId: request.id }
  }
  const accept = async (itemId: string) => {
    const res = await post(sender, '/api/update-request-status', {
      item_id: itemId,
      deliverer_id: deliverer.id,
      status: 'accepted',
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  async function carried() {
    const ids = await acceptedItem()
    await accept(ids.itemId)
    const codes = (await get(sender, `/api/items/${ids.itemId}/handoff-codes`)).json().data
    return { ...ids, codes }
  }

  let keyCounter = 0
  /**
   * POST /api/update-delivery-status as `user`, with a fresh Idempotency-Key unless `key` is given,
   * and the moment now unless `fields` say otherwise (undefined leaves a field out).
   */
  async function step(
    user: TestUser,
    itemId: string,
    status: 'in_process' | 'delivered',
    fields: Record<string, string | undefined> = {},
    file?: FilePart,
    key = `handoff-test-${keyCounter++}`,
  ) {
    const files =
      file ??
      (status === 'delivered'
        ? { field: 'proof_of_delivery', filename: 'proof.pdf', content: TINY_PDF }
        : undefined)
    const sent = { item_id: itemId, status, happened_at: new Date().toISOString(), ...fields }
    const body = await multipart(
      Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
      ...(files ? [files] : []),
    )
    return t.app.inject({
      method: 'POST',
      url: '/api/update-delivery-status',
      headers: { ...bearer(user), ...body.headers, 'idempotency-key': key },
      payload: body.payload,
    })
  }
  const state = async (itemId: string) => ({
    item: (await t.app.db.select().from(items).where(eq(items.id, itemId)))[0]!,
    handoffs: await t.app.db
      .select()
      .from(handoffs)
      .where(eq(handoffs.itemId, itemId))
      .orderBy(handoffs.step),
  })

  it('issues two codes at acceptance, shown to the sender only, that a browser checks against the published keys', async () => {
    const { itemId } = await acceptedItem()
    // Before acceptance there are none.
    expect((await get(sender, `/api/items/${itemId}/handoff-codes`)).statusCode).toBe(404)
    await accept(itemId)

    const res = await get(sender, `/api/items/${itemId}/handoff-codes`)
    expect(res.statusCode).toBe(200)
    const { pickup, delivery } = res.json().data
    for (const c of [pickup, delivery]) {
      expect(c.short_code).toMatch(/^\d{6}$/)
      expect(c.used_at).toBeNull()
    }
    expect(pickup.short_code).not.toBe(delivery.short_code)

    // The published keys: public only, the previous key still among them.
    const keys = (await get(null, '/api/handoff-keys')).json()
    expect(keys.keys.map((k: { kid: string }) => k.kid)).toEqual(KIDS)
    for (const k of keys.keys) {
      expect(Object.keys(k).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y'])
      expect(JSON.stringify(k)).not.toContain('"d"')
    }
    const { payload, protectedHeader } = await jwtVerify(pickup.code, createLocalJWKSet(keys), {
      algorithms: ['ES256'],
    })
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: KIDS[0] })
    expect(payload).toMatchObject({ item: itemId, deliverer: deliverer.id, step: 'pickup' })
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now())
    expect((await jwtVerify(delivery.code, createLocalJWKSet(keys))).payload.step).toBe('delivery')
    // The six digits are not in the signed code.
    expect(Buffer.from(pickup.code.split('.')[1], 'base64url').toString()).not.toContain(
      pickup.short_code,
    )

    // Everyone else is told the item does not exist: its deliverer, another sender, an admin.
    for (const user of [deliverer, passedOver, otherSender, admin]) {
      const other = await get(user, `/api/items/${itemId}/handoff-codes`)
      expect(other.statusCode, user.role).toBe(404)
      expect(other.json()).toEqual({
        success: false,
        code: 'ITEM_NOT_FOUND',
        message: 'Item not found',
      })
    }
    expect((await get(null, `/api/items/${itemId}/handoff-codes`)).statusCode).toBe(401)
  })

  it('moves the item with the right code, once, recording when, where and the pickup photo', async () => {
    const { itemId, codes } = await carried()
    const photo = await plainImage(2400, 1200).jpeg().toBuffer()
    // A phone's clock a little ahead of the server's is fine.
    const pickedUpAt = new Date(Date.now() + 30_000)
    const pickUp = () =>
      step(
        deliverer,
        itemId,
        'in_process',
        {
          handoff_code: codes.pickup.code,
          happened_at: pickedUpAt.toISOString(),
          latitude: '52.53',
          longitude: '13.38',
          accuracy_m: '12',
        },
        { field: 'pickup_photo', filename: 'p.jpg', content: photo, type: 'image/jpeg' },
        `pickup-${itemId}`,
      )
    const res = await pickUp()
    expect(res.statusCode, res.body).toBe(200)
    const after = await state(itemId)
    expect(after.item.status).toBe('in_process')
    const pickup = after.handoffs.find((h) => h.step === 'pickup')!
    expect(pickup).toMatchObject({
      proof: 'code',
      latitude: 52.53,
      longitude: 13.38,
      accuracyM: 12,
    })
    expect(pickup.usedAt).toBeInstanceOf(Date)
    expect(pickup.photoFileId).not.toBeNull()
    const shown = (await get(sender, `/api/items/${itemId}/handoff-codes`)).json().data
    expect(shown.pickup.used_at).not.toBeNull()
    expect(shown.delivery.used_at).toBeNull()

    // The outbox sending the step again (its Idempotency-Key): the same answer, checked once.
    const before = await state(itemId)
    const replay = await pickUp()
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(res.json())
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(await state(itemId)).toEqual(before)

    // The same code again as a new step: already used, nothing changes.
    const again = await step(deliverer, itemId, 'in_process', { handoff_code: codes.pickup.code })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      success: false,
      code: 'HANDOFF_CODE_USED',
      message: HANDOFF.used,
    })
    expect(await state(itemId)).toEqual(before)

    // A delivery before the pickup's moment is refused.
    const early = await step(deliverer, itemId, 'delivered', {
      handoff_code: codes.delivery.code,
      happened_at: new Date(pickedUpAt.getTime() - 1000).toISOString(),
    })
    expect(early.statusCode).toBe(400)
    expect(early.json()).toEqual({
      success: false,
      code: 'HANDOFF_TIME_INVALID',
      message: HANDOFF.beforePickup,
    })
    expect(await state(itemId)).toEqual(before)

    // Delivered with the recipient's six digits.
    const done = await step(deliverer, itemId, 'delivered', {
      handoff_code: codes.delivery.short_code,
      happened_at: new Date(pickedUpAt.getTime() + 1000).toISOString(),
    })
    expect(done.statusCode, done.body).toBe(200)
    const delivered = await state(itemId)
    expect(delivered.item.status).toBe('delivered')
    expect(delivered.handoffs.find((h) => h.step === 'delivery')).toMatchObject({
      proof: 'short_code',
    })
  })

  it('refuses wrong, tampered, foreign, expired and misdirected codes and bad moments, changing nothing', async () => {
    const { itemId, requestId, codes } = await carried()
    const other = await carried()
    const [row] = await t.app.db
      .select()
      .from(handoffs)
      .where(and(eq(handoffs.requestId, requestId), eq(handoffs.step, 'pickup')))
    const now = Math.floor(Date.now() / 1000)
    const claims = {
      item: itemId,
      deliverer: deliverer.id,
      step: 'pickup' as const,
      nonce: row!.nonce,
      iat: now - 100,
    }
    const [head, body, sig] = codes.pickup.code.split('.')
    const tamperedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), exp: now + 1e7 }),
    ).toString('base64url')
    const stranger = handoffKeyring(
      { signing: newHandoffJwk(), previous: [] },
      new TextEncoder().encode(TEST_JWT_SECRET),
    )
    const [acceptedAt] = await t.app.db
      .select({ at: deliveryRequests.acceptedAt })
      .from(deliveryRequests)
      .where(eq(deliveryRequests.id, requestId))

    const cases: [
      string,
      Record<string, string | undefined>,
      'in_process' | 'delivered',
      number,
      string,
    ][] = [
      ['no code', {}, 'in_process', 400, HANDOFF.required],
      [
        'no moment',
        { handoff_code: codes.pickup.code, happened_at: undefined },
        'in_process',
        400,
        NO_MOMENT,
      ],
      ['garbage', { handoff_code: 'not-a-code' }, 'in_process', 400, HANDOFF.notSigned],
      [
        'wrong six digits',
        { handoff_code: codes.pickup.short_code === '000000' ? '000001' : '000000' },
        'in_process',
        400,
        HANDOFF.wrongShortCode,
      ],
      [
        'tampered payload',
        { handoff_code: `${head}.${tamperedBody}.${sig}` },
        'in_process',
        400,
        HANDOFF.notSigned,
      ],
      [
        'signed by another key',
        { handoff_code: await signHandoffCode(stranger, { ...claims, exp: now + 3600 }) },
        'in_process',
        400,
        HANDOFF.notSigned,
      ],
      [
        'expired',
        { handoff_code: await signHandoffCode(t.app.handoffKeys, { ...claims, exp: now - 60 }) },
        'in_process',
        400,
        HANDOFF.expired,
      ],
      [
        'naming another deliverer',
        {
          handoff_code: await signHandoffCode(t.app.handoffKeys, {
            ...claims,
            deliverer: passedOver.id,
            exp: now + 3600,
          }),
        },
        'in_process',
        400,
        HANDOFF.otherDeliverer,
      ],
      [
        'of an earlier issue',
        {
          handoff_code: await signHandoffCode(t.app.handoffKeys, {
            ...claims,
            nonce: 'an-earlier-nonce-0000',
            exp: now + 3600,
          }),
        },
        'in_process',
        400,
        HANDOFF.replaced,
      ],
      [
        'for another item',
        { handoff_code: other.codes.pickup.code },
        'in_process',
        400,
        HANDOFF.otherItem,
      ],
      [
        'for the other step',
        { handoff_code: codes.delivery.code },
        'in_process',
        400,
        HANDOFF.otherStep.pickup,
      ],
      [
        'delivered before picked up',
        { handoff_code: codes.delivery.code },
        'delivered',
        409,
        BAD_TRANSITION,
      ],
      [
        'in the future',
        {
          handoff_code: codes.pickup.code,
          happened_at: new Date(Date.now() + minutes(5)).toISOString(),
        },
        'in_process',
        400,
        HANDOFF.future,
      ],
      [
        'before the acceptance',
        {
          handoff_code: codes.pickup.code,
          happened_at: new Date(acceptedAt!.at!.getTime() - minutes(1)).toISOString(),
        },
        'in_process',
        400,
        HANDOFF.beforeAcceptance,
      ],
      [
        'half a place',
        { handoff_code: codes.pickup.code, latitude: '52.5' },
        'in_process',
        400,
        HANDOFF.locationPair,
      ],
    ]
    const before = await state(itemId)
    for (const [label, fields, status, code, message] of cases) {
      const res = await step(deliverer, itemId, status, fields)
      expect(res.statusCode, label).toBe(code)
      // A field the schema refuses is also named in errors.
      const errors = message === NO_MOMENT ? { errors: { happened_at: [message] } } : {}
      expect(res.json(), label).toEqual({
        success: false,
        message,
        code: codeOf(message),
        ...errors,
      })
      expect(await state(itemId), label).toEqual(before)
    }
    // A pickup photo that is no photo: the item photos' refusal.
    const pdf = await step(
      deliverer,
      itemId,
      'in_process',
      { handoff_code: codes.pickup.code },
      { field: 'pickup_photo', filename: 'p.jpg', content: TINY_PDF, type: 'image/jpeg' },
    )
    expect(pdf.statusCode).toBe(415)
    expect(pdf.json()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: photoMessages.type,
    })
    expect(await state(itemId)).toEqual(before)
    // A deliverer who is not the accepted one, with the right code: not theirs.
    const res = await step(passedOver, itemId, 'in_process', { handoff_code: codes.pickup.code })
    expect(res.statusCode).toBe(404)
    expect(await state(itemId)).toEqual(before)
    // The code still works afterwards.
    expect(
      (await step(deliverer, itemId, 'in_process', { handoff_code: codes.pickup.code })).statusCode,
    ).toBe(200)
  })

  it('takes a code signed by the previous key while that key is published, and not once it is dropped', async () => {
    const { itemId, requestId } = await carried()
    const [row] = await t.app.db
      .select()
      .from(handoffs)
      .where(and(eq(handoffs.requestId, requestId), eq(handoffs.step, 'pickup')))
    const claims = {
      item: itemId,
      deliverer: deliverer.id,
      step: 'pickup' as const,
      nonce: row!.nonce,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(row!.expiresAt.getTime() / 1000),
    }
    // A phone kept the code it had before the rotation.
    const code = await signHandoffCode(PREVIOUS_KEYRING, claims)
    // Once the previous key is no longer published, such a code is nobody's.
    const dropped = handoffKeyring(
      { signing: ROTATED_SET.signing, previous: [] },
      new TextEncoder().encode(TEST_JWT_SECRET),
    )
    expect(await readHandoffCode(dropped, code)).toBeNull()
    expect(await readHandoffCode(t.app.handoffKeys, code)).toMatchObject({ nonce: row!.nonce })
    const res = await step(deliverer, itemId, 'in_process', { handoff_code: code })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('needs the code at both steps (HANDOFF_CODE_REQUIRED), and the timeline says how each was proven', async () => {
    const { itemId, codes } = await carried()
    const refused = {
      success: false,
      code: 'HANDOFF_CODE_REQUIRED',
      message: HANDOFF.required,
    }
    let before = await state(itemId)
    const noPickupCode = await step(deliverer, itemId, 'in_process')
    expect(noPickupCode.statusCode).toBe(400)
    expect(noPickupCode.json()).toEqual(refused)
    expect(await state(itemId)).toEqual(before)
    const picked = await step(deliverer, itemId, 'in_process', { handoff_code: codes.pickup.code })
    expect(picked.statusCode, picked.body).toBe(200)

    before = await state(itemId)
    const noDeliveryCode = await step(deliverer, itemId, 'delivered')
    expect(noDeliveryCode.statusCode).toBe(400)
    expect(noDeliveryCode.json()).toEqual(refused)
    expect(await state(itemId)).toEqual(before)
    expect(before.item.status).toBe('in_process')
    const done = await step(deliverer, itemId, 'delivered', {
      handoff_code: codes.delivery.short_code,
    })
    expect(done.statusCode, done.body).toBe(200)

    const timeline = (await get(sender, `/api/items/${itemId}`)).json().data.item.timeline
    expect(timeline.map((e: { step: string; proof: string }) => [e.step, e.proof])).toEqual([
      ['accepted', 'none'],
      ['picked_up', 'code'],
      ['delivered', 'short_code'],
    ])
  })

  it('shows pickup details and the sender name to the accepted deliverer only, and their phone to the sender', async () => {
    const { itemId } = await acceptedItem()
    const seen = async () => ({
      chosen: (await get(deliverer, `/api/item/${itemId}`)).json().data,
      passed: (await get(passedOver, `/api/item/${itemId}`)).json().data,
      sender: (await get(sender, `/api/items/${itemId}`)).json().data.item,
      admin: (await get(admin, `/api/admin/items/${itemId}`)).json().data.item,
    })
    const before = await seen()
    expect(before.chosen.pickup).toBeNull()
    expect(before.passed.pickup).toBeNull()
    expect(before.sender.deliverer_phone).toBeNull()
    expect(before.chosen.timeline).toBeNull()
    expect(before.sender.timeline).toBeNull()
    expect(before.chosen.recipient_email).toBeNull()
    expect(JSON.stringify(before.chosen)).not.toContain('555 0100')

    await accept(itemId)
    const after = await seen()
    const pickup = {
      address: 'Back door, Torstrasse 1, Berlin',
      instructions: 'Weekdays 9-17',
      phone: '+49 30 555 0100',
      sender_name: 'Sam Sender',
    }
    expect(after.chosen.pickup).toEqual(pickup)
    expect(after.chosen.deliverer_phone).toBeNull()
    expect(after.sender.pickup).toEqual(pickup)
    expect(after.sender.deliverer_phone).toBe('+1 555 0199')
    expect(after.admin.deliverer_phone).toBe('+1 555 0199')
    expect(after.passed.pickup).toBeNull()
    expect(after.passed.deliverer_phone).toBeNull()
    expect(after.passed.timeline).toBeNull()
    expect(JSON.stringify(after.passed)).not.toContain('555 0100')
    expect(JSON.stringify(after.passed)).not.toContain('555 0199')
  })

  it('gives the timeline to the sender, the accepted deliverer and admins, with moments, place and photo', async () => {
    const { itemId, codes } = await carried()
    const at = new Date().toISOString()
    const photo = await plainImage(800, 600).jpeg().toBuffer()
    const res = await step(
      deliverer,
      itemId,
      'in_process',
      { handoff_code: codes.pickup.code, happened_at: at, latitude: '52.5', longitude: '13.4' },
      { field: 'pickup_photo', filename: 'p.jpg', content: photo, type: 'image/jpeg' },
    )
    expect(res.statusCode, res.body).toBe(200)
    const views = {
      sender: (await get(sender, `/api/items/${itemId}`)).json().data.item,
      deliverer: (await get(deliverer, `/api/item/${itemId}`)).json().data,
      admin: (await get(admin, `/api/admin/items/${itemId}`)).json().data.item,
    }
    for (const [who, view] of Object.entries(views)) {
      expect(
        view.timeline.map((e: { step: string }) => e.step),
        who,
      ).toEqual(['accepted', 'picked_up'])
      const picked = view.timeline[1]
      expect(picked, who).toMatchObject({
        at,
        location: { lat: 52.5, lng: 13.4, accuracy_m: null },
        proof: 'code',
        reason: null,
      })
      expect(new Date(picked.recorded_at).getTime(), who).toBeGreaterThanOrEqual(
        new Date(at).getTime(),
      )
    }
    // The photo: the sender may open it; the deliverer passed over may not.
    const url = views.sender.timeline[1].photo_url as string
    expect(url).toMatch(/^\/api\/proof-of-travel\//)
    const opened = await get(sender, url)
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['content-type']).toBe('image/jpeg')
    expect((await get(passedOver, url)).statusCode).toBe(404)
    expect((await get(passedOver, `/api/item/${itemId}`)).json().data.timeline).toBeNull()
  })

  it('lets an admin waive a code with a reason, audited, and the timeline says so', async () => {
    const { itemId } = await carried()
    const waive = (user: TestUser, payload: object) => post(user, '/api/admin/handoffs', payload)
    expect((await waive(sender, { item_id: itemId, step: 'pickup', reason: 'x' })).statusCode).toBe(
      403,
    )
    const noReason = await waive(admin, { item_id: itemId, step: 'pickup', reason: ' ' })
    expect(noReason.statusCode).toBe(400)
    const reason = "The sender's phone is dead; I called them and they confirmed the handover"
    const res = await waive(admin, { item_id: itemId, step: 'pickup', reason })
    expect(res.statusCode, res.body).toBe(200)
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, itemId), eq(auditLog.action, 'handoff.pickup_waived')))
    expect(entry).toMatchObject({ actorId: admin.id, reason })
    const history = (await get(admin, `/api/admin/items/${itemId}`)).json().data.history
    expect(history.at(-1)).toMatchObject({ action: 'handoff.pickup_waived', reason })

    expect((await step(deliverer, itemId, 'in_process')).statusCode).toBe(200)
    const timeline = (await get(deliverer, `/api/item/${itemId}`)).json().data.timeline
    expect(timeline[1]).toMatchObject({ step: 'picked_up', proof: 'admin', reason })
    // Only that step: the delivery still needs its code.
    const delivery = await step(deliverer, itemId, 'delivered')
    expect(delivery.statusCode).toBe(400)
    expect(delivery.json().code).toBe('HANDOFF_CODE_REQUIRED')
    // A step that already happened cannot be waived.
    const late = await waive(admin, { item_id: itemId, step: 'pickup', reason })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({
      success: false,
      code: 'BAD_TRANSITION',
      message: HANDOFF.notWaivable,
    })
  })

  it('mails the recipient a link to their delivery code that works until the item is delivered', async () => {
    const email = `recipient-${keyCounter}@example.com`
    const { itemId } = await acceptedItem({ recipient_email: email })
    // The recipient's address is the sender's and admins' only.
    expect((await get(sender, `/api/items/${itemId}`)).json().data.item.recipient_email).toBe(email)
    expect((await get(deliverer, `/api/item/${itemId}`)).json().data.recipient_email).toBeNull()
    await accept(itemId)
    await t.app.jobs.drain()
    const mails = (await get(null, `/api/dev/outbox?to=${encodeURIComponent(email)}`)).json().data
    expect(mails).toHaveLength(1)
    const token = /\/delivery-code\/([\w-]+)/.exec(mails[0].text)?.[1]
    expect(token).toBeTruthy()

    const shown = await get(null, `/api/recipient-codes/${token}`)
    expect(shown.statusCode, shown.body).toBe(200)
    const codes = (await get(sender, `/api/items/${itemId}/handoff-codes`)).json().data
    expect(shown.json().data).toMatchObject({
      item_name: 'Laptop',
      deliverer_name: 'Dana Deliverer',
      delivery: { short_code: codes.delivery.short_code, used_at: null },
    })
    const keys = createLocalJWKSet((await get(null, '/api/handoff-keys')).json())
    expect((await jwtVerify(shown.json().data.delivery.code, keys)).payload.step).toBe('delivery')
    expect((await get(null, '/api/recipient-codes/not-a-real-token-at-all-0000')).statusCode).toBe(
      404,
    )

    const picked = await step(deliverer, itemId, 'in_process', { handoff_code: codes.pickup.code })
    expect(picked.statusCode, picked.body).toBe(200)
    expect((await get(null, `/api/recipient-codes/${token}`)).statusCode).toBe(200)
    const done = await step(deliverer, itemId, 'delivered', {
      handoff_code: shown.json().data.delivery.code,
    })
    expect(done.statusCode, done.body).toBe(200)
    const gone = await get(null, `/api/recipient-codes/${token}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: HANDOFF.linkInvalid,
    })
  })

  it('locks a step after five wrong six-digit codes, across processes on one database', async () => {
    const { itemId, codes } = await carried()
    let other: App | undefined
    let otherDir: string | undefined
    if (t.url) {
      otherDir = mkdtempSync(path.join(tmpdir(), 'tote-test-'))
      other = await buildApp({
        env: {
          NODE_ENV: 'test',
          SEED: 'false',
          JWT_SECRET: TEST_JWT_SECRET,
          HANDOFF_SIGNING_KEY: ROTATED,
          DATA_DIR: otherDir,
          DIST_DIR: path.join(otherDir, 'no-dist'),
          LOG_LEVEL: 'warn',
          DATABASE_URL: t.url,
        },
        jobWorker: false,
      })
      await other.ready()
    }
    try {
      const apps = other ? [t.app, other] : [t.app]
      const wrong = codes.pickup.short_code === '000000' ? '000001' : '000000'
      const before = await state(itemId)
      for (let i = 0; i < LIMITS.handoffShortCodes.limit; i++) {
        const body = await multipart({
          item_id: itemId,
          status: 'in_process',
          handoff_code: wrong,
          happened_at: new Date().toISOString(),
        })
        const res = await apps[i % apps.length]!.inject({
          method: 'POST',
          url: '/api/update-delivery-status',
          headers: { ...bearer(deliverer), ...body.headers },
          payload: body.payload,
        })
        expect(res.statusCode, `try ${i}`).toBe(400)
        expect(res.json()).toEqual({
          success: false,
          code: 'HANDOFF_CODE_INVALID',
          message: HANDOFF.wrongShortCode,
        })
      }
      // Now even the right digits wait, on either process.
      for (const app of apps) {
        const body = await multipart({
          item_id: itemId,
          status: 'in_process',
          handoff_code: codes.pickup.short_code,
          happened_at: new Date().toISOString(),
        })
        const res = await app.inject({
          method: 'POST',
          url: '/api/update-delivery-status',
          headers: { ...bearer(deliverer), ...body.headers },
          payload: body.payload,
        })
        expect(res.statusCode).toBe(429)
        expect(res.json()).toEqual({
          success: false,
          code: 'RATE_LIMITED',
          message: TOO_MANY.handoffShortCodes,
        })
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60)
      }
      expect(await state(itemId)).toEqual(before)
      // The other step is not locked.
      const delivery = await step(deliverer, itemId, 'delivered', { handoff_code: wrong })
      expect(delivery.json().message).not.toBe(TOO_MANY.handoffShortCodes)
    } finally {
      await other?.close()
      if (otherDir) rmSync(otherDir, { recursive: true, force: true })
    }
  })
})
