import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryRequests, idempotencyKeys, items } from './db/schema'
import {
  approveSending,
  bearer,
  createItem,
  createUser,
  multipart,
  TINY_PDF,
  TINY_PNG,
  type TestUser,
  itemBody,
} from './testing/fixtures'
import { backends, createTestApp, type TestApp } from './testing/test-app'

describe.each(backends)('bad input and replays on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let deliverer: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  const itemCount = async () => Number((await t.app.db.select({ n: count() }).from(items))[0]!.n)
  const postItem = (body: unknown, headers: Record<string, string> = bearer(sender)) =>
    t.app.inject({ method: 'POST', url: '/api/items', payload: body as object, headers })

  it('refuses JSON bodies over 64 KB with 413 before parsing them, deeply nested ones too', async () => {
    const before = await itemCount()
    const big = await postItem(itemBody({ description: 'x'.repeat(70 * 1024) }))
    expect(big.statusCode).toBe(413)
    expect(big.json()).toEqual({
      success: false,
      message: 'Request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    })
    const nested = '['.repeat(500_000) + ']'.repeat(500_000)
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: nested,
    })
    expect(deep.statusCode).toBe(413)
    // Just under the limit, deeply nested: a clean 400, not a 500 or a stall.
    const under = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(30_000) + ']'.repeat(30_000),
    })
    expect(under.statusCode).toBe(400)
    expect(await itemCount()).toBe(before)
  })

  it('answers 400 for a NUL character in any text and stores nothing', async () => {
    const before = await itemCount()
    for (const patch of [
      { name: 'Lamp\u0000' },
      { description: 'bad\u0000text' },
      { from_location: { lat: 52.52, lng: 13.405, address: 'Ber\u0000lin' } },
    ]) {
      const res = await postItem(itemBody(patch))
      expect(res.statusCode, JSON.stringify(patch)).toBe(400)
      expect(res.json()).toEqual({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Text must not contain NUL characters',
      })
    }
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/items?search=a%00b',
      headers: bearer(sender),
    })
    expect(query.statusCode).toBe(400)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com', password: 'pass\u0000word' },
    })
    expect(login.statusCode).toBe(400)
    expect(await itemCount()).toBe(before)
  })

  it('answers 400 for a NUL character in a multipart field or file name', async () => {
    const item = await createItem(t.app, sender.id)
    await approveSending(t.app, item.id)
    for (const [fields, filename] of [
      [{ item_id: item.id, accept_privacy: 'true', deliverer_price: '1\u00002' }, 'ticket.pdf'],
      [{ item_id: item.id, accept_privacy: 'true' }, 'tick\u0000et.pdf'],
    ] as const) {
      const form = await multipart(fields, {
        field: 'proof_of_travel',
        filename,
        content: TINY_PDF,
      })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/request-item',
        payload: form.payload,
        headers: { ...bearer(deliverer), ...form.headers },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Text must not contain NUL characters')
    }
    const requests = await t.app.db
      .select()
      .from(deliveryRequests)
      .where(eq(deliveryRequests.itemId, item.id))
    expect(requests).toEqual([])
  })

  it('answers 400 for dates outside the years 1970 to 9999', async () => {
    const before = await itemCount()
    for (const deadline of ['1969-12-31T23:00:00Z', '0001-01-01T00:00:00Z']) {
      const res = await postItem(itemBody({ delivery_deadline: deadline }))
      expect(res.statusCode, deadline).toBe(400)
      expect(res.json().errors.delivery_deadline, deadline).toBeDefined()
    }
    expect(await itemCount()).toBe(before)
    const route = {
      origin_address: { lat: 52.52, lng: 13.405 },
      destination_address: { lat: 48.1372, lng: 11.5756 },
    }
    for (const date of ['0001-01-01', '1969-07-20', '275760-09-13', '2026-13-45', 'soon']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/available-items?date=${date}`,
        payload: route,
        headers: bearer(deliverer),
      })
      expect(res.statusCode, date).toBe(400)
      expect(res.json().errors.date, date).toBeDefined()
    }
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/available-items?date=2030-01-01',
      payload: route,
      headers: bearer(deliverer),
    })
    expect(fine.statusCode).toBe(200)
  })

  it('accepts only plain decimals as an offer price', async () => {
    const item = await createItem(t.app, sender.id)
    await approveSending(t.app, item.id)
    for (const price of ['0x10', '1e3', 'Infinity', '12,50', '1.2.3', ' 5 5']) {
      const form = await multipart(
        { item_id: item.id, accept_privacy: 'true', deliverer_price: price },
        { field: 'proof_of_travel', filename: 'ticket.pdf', content: TINY_PDF },
      )
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/request-item',
        payload: form.payload,
        headers: { ...bearer(deliverer), ...form.headers },
      })
      expect(res.statusCode, price).toBe(400)
      expect(res.json().errors.deliverer_price, price).toEqual([
        'Offer price must be a plain number, like 12.50',
      ])
    }
    expect(
      await t.app.db.select().from(deliveryRequests).where(eq(deliveryRequests.itemId, item.id)),
    ).toEqual([])
    const form = await multipart(
      { item_id: item.id, accept_privacy: 'true', deliverer_price: '12.555' },
      { field: 'proof_of_travel', filename: 'ticket.pdf', content: TINY_PDF },
    )
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/request-item',
      payload: form.payload,
      headers: { ...bearer(deliverer), ...form.headers },
    })
    expect(ok.statusCode).toBe(200)
    const [row] = await t.app.db
      .select()
      .from(deliveryRequests)
      .where(eq(deliveryRequests.itemId, item.id))
    expect(row!.delivererPrice).toBe('12.55')
  })

  it('answers an anonymous call 401 before looking at its body', async () => {
    for (const [url, payload] of [
      ['/api/items', { name: '' }],
      ['/api/update-user', { name: 12 }],
      ['/api/create-payment-intent', 'not json at all'],
      ['/api/available-items', { radius_km: 'far' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: payload as string,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.statusCode, url).toBe(401)
      expect(res.json(), url).toEqual({
        success: false,
        message: 'Unauthenticated',
        code: 'UNAUTHENTICATED',
      })
    }
    const multipartAnon = await multipart({ item_id: 'nope' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request-item',
      payload: multipartAnon.payload,
      headers: multipartAnon.headers,
    })
    expect(res.statusCode).toBe(401)
  })

  describe('Idempotency-Key by payload', () => {
    const create = (key: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/items',
        payload: body,
        headers: { ...bearer(sender), 'idempotency-key': key },
      })
    const itemsNamed = async (name: string) =>
      (await t.app.db.select().from(items).where(eq(items.name, name))).length

    it('answers 422 for the same key with another body, and changes nothing', async () => {
      const body = itemBody({ name: 'First' })
      const first = await create('key-a', body)
      expect(first.statusCode).toBe(201)
      const same = await create('key-a', body)
      expect(same.statusCode).toBe(201)
      expect(same.headers['idempotent-replayed']).toBe('true')
      expect(same.json()).toEqual(first.json())
      const other = await create('key-a', { ...body, name: 'Second' })
      expect(other.statusCode).toBe(422)
      expect(other.json()).toEqual({
        success: false,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different request',
      })
      expect(await itemsNamed('First')).toBe(1)
      expect(await itemsNamed('Second')).toBe(0)
    })

    it('tells multipart requests apart by their fields and file, not their boundary', async () => {
      const item = await createItem(t.app, sender.id)
      await approveSending(t.app, item.id)
      const send = async (fields: Record<string, string>, content: Buffer, filename: string) => {
        const form = await multipart(fields, { field: 'proof_of_travel', filename, content })
        return t.app.inject({
          method: 'POST',
          url: '/api/request-item',
          payload: form.payload,
          headers: { ...bearer(deliverer), ...form.headers, 'idempotency-key': 'upload-1' },
        })
      }
      const fields = { item_id: item.id, accept_privacy: 'true', deliverer_price: '30' }
      const first = await send(fields, TINY_PDF, 'ticket.pdf')
      expect(first.statusCode).toBe(200)
      // The same form again (a new boundary): a replay.
      const again = await send(fields, TINY_PDF, 'ticket.pdf')
      expect(again.statusCode).toBe(200)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(
        (await send({ ...fields, deliverer_price: '31' }, TINY_PDF, 'ticket.pdf')).statusCode,
      ).toBe(422)
      expect((await send(fields, TINY_PNG, 'ticket.png')).statusCode).toBe(422)
      const rows = await t.app.db
        .select()
        .from(deliveryRequests)
        .where(eq(deliveryRequests.itemId, item.id))
      expect(rows.map((r) => r.delivererPrice)).toEqual(['30.00'])
    })

    it('forgets a key after 24 hours', async () => {
      expect((await create('key-old', itemBody({ name: 'Day one' }))).statusCode).toBe(201)
      await t.app.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(idempotencyKeys.key, 'key-old'))
      const later = await create('key-old', itemBody({ name: 'Day two' }))
      expect(later.statusCode).toBe(201)
      expect(later.headers['idempotent-replayed']).toBeUndefined()
      expect(await itemsNamed('Day two')).toBe(1)
    })

    it('keeps users apart: the same key of two users is two requests', async () => {
      const other = await createUser(t.app, { role: 'sender' })
      expect((await create('shared-key', itemBody({ name: 'Mine' }))).statusCode).toBe(201)
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/api/items',
        payload: itemBody({ name: 'Theirs' }),
        headers: { ...bearer(other), 'idempotency-key': 'shared-key' },
      })
      expect(theirs.statusCode).toBe(201)
      expect(await itemsNamed('Theirs')).toBe(1)
    })
  })
})
