import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { terms } from '../db/schema'
import {
  approveDelivery,
  approveSending,
  bearer,
  createInfoRequest,
  createItem,
  createRequest,
  createUser,
  multipart,
  storeTestFile,
  TINY_JPEG,
  TINY_PDF,
  TINY_PNG,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

describe.each(backends)('files on %s', (backend) => {
  let t: TestApp
  let admin: TestUser, sender: TestUser, otherSender: TestUser, deliverer: TestUser, rival: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
    sender = await createUser(t.app, { role: 'sender' })
    otherSender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
    rival = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  const get = (user: TestUser | null, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/proof-of-travel/${id}`,
      headers: user ? bearer(user) : {},
    })
  const status = async (user: TestUser, id: string) => (await get(user, id)).statusCode

  it('answers the bytes with safe headers', async () => {
    const id = await storeTestFile(t.app, deliverer.id, 'proof_of_travel', {
      filename: '../../etc/"ticket".pdf',
    })
    const res = await get(deliverer, id)
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(TINY_PDF)).toBe(true)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="_ticket_.pdf"/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect((await get(null, id)).statusCode).toBe(401)
  })

  it('shows the proof of travel to the sender only once the request is approved', async () => {
    const item = await createItem(t.app, sender.id)
    const mine = await createRequest(t.app, item.id, deliverer.id)
    const theirs = await createRequest(t.app, item.id, rival.id)
    const proof = mine.proofOfTravelFileId!
    expect(await status(sender, proof)).toBe(404)
    await approveSending(t.app, item.id)
    await approveDelivery(t.app, item.id, mine.id)
    expect(await status(sender, proof)).toBe(200)
    expect(await status(sender, theirs.proofOfTravelFileId!)).toBe(404)
    expect(await status(otherSender, proof)).toBe(404)
    expect(await status(rival, proof)).toBe(404)
    expect(await status(rival, theirs.proofOfTravelFileId!)).toBe(200)
    expect(await status(admin, theirs.proofOfTravelFileId!)).toBe(200)
    const res = await get(otherSender, proof)
    expect(res.json()).toEqual({
      success: false,
      message: 'No proof of travel document found',
      code: 'FILE_NOT_FOUND',
    })
  })

  it('shows info-request files to their target, the proof of delivery to the sender', async () => {
    const item = await createItem(t.app, sender.id)
    const info = await createInfoRequest(t.app, {
      itemId: item.id,
      to: 'deliverer',
      targetUserId: deliverer.id,
      adminId: admin.id,
      withFile: true,
    })
    expect(await status(deliverer, info.requestFileId!)).toBe(200)
    expect(await status(sender, info.requestFileId!)).toBe(404)
    expect(await status(rival, info.requestFileId!)).toBe(404)

    const pod = await storeTestFile(t.app, deliverer.id, 'proof_of_delivery')
    const { items } = await import('../db/schema')
    const { eq } = await import('drizzle-orm')
    await t.app.db.update(items).set({ proofOfDeliveryFileId: pod }).where(eq(items.id, item.id))
    expect(await status(sender, pod)).toBe(200)
    expect(await status(otherSender, pod)).toBe(404)
  })

  it('answers 404 for unknown and malformed ids', async () => {
    expect(await status(admin, '00000000-0000-4000-8000-000000000000')).toBe(404)
    expect(await status(admin, 'not-an-id')).toBe(404)
    expect(await status(admin, '..%2F..%2Fjwt-secret')).toBe(404)
  })

  it('stores PNG and JPEG by their bytes and refuses multipart on JSON routes', async () => {
    const png = await storeTestFile(t.app, sender.id, 'info_response', {
      buffer: TINY_PNG,
      filename: 'a.PNG',
    })
    const jpg = await storeTestFile(t.app, sender.id, 'info_response', {
      buffer: TINY_JPEG,
      filename: 'b.jpeg',
    })
    expect((await get(sender, png)).headers['content-type']).toBe('image/png')
    expect((await get(sender, jpg)).headers['content-type']).toBe('image/jpeg')
    await expect(
      storeTestFile(t.app, sender.id, 'proof_of_travel', { buffer: TINY_JPEG, filename: 'b.png' }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      message: 'Invalid file type. Please upload a PDF, JPEG, or PNG file.',
    })
    const body = await multipart({ name: 'x' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      headers: { ...bearer(sender), ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toBe('This request must be sent as JSON')
  })
})

describe.each(backends)('GET /api/user-consent on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(() => t?.close())

  it('lists the terms of both roles, oldest first, to any signed-in user', async () => {
    await t.app.db.insert(terms).values({
      title: 'Carrier terms',
      description: 'Carry with care',
      role: 'deliverer',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    })
    await t.app.db.insert(terms).values({
      title: 'Sender terms',
      description: 'Pack well',
      role: 'sender',
      createdAt: new Date('2026-01-02T00:00:00Z'),
    })
    const user = await createUser(t.app, { role: 'sender' })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user-consent',
      headers: bearer(user),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      data: [
        { title: 'Carrier terms', description: 'Carry with care', role: 'deliverer' },
        { title: 'Sender terms', role: 'sender' },
      ],
    })
    expect((await t.app.inject({ method: 'GET', url: '/api/user-consent' })).statusCode).toBe(401)
  })
})
