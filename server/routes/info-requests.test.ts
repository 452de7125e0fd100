import { readdirSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, idempotencyKeys, infoRequests } from '../db/schema'
import { countStoredFiles } from '../services/files'
import {
  bearer,
  createInfoRequest,
  createItem,
  createRequest,
  createUser,
  multipart,
  TINY_PNG,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

describe.each(backends)('POST /api/respond-further-info on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let deliverer: TestUser
  let other: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
    other = await createUser(t.app, { role: 'sender' })
  })
  afterAll(() => t?.close())

  const respond = async (
    user: TestUser,
    fields: Record<string, string>,
    file?: { filename: string; content: Buffer },
    headers: Record<string, string> = {},
  ) => {
    const body = await multipart(fields, ...(file ? [{ field: 'file', ...file }] : []))
    return t.app.inject({
      method: 'POST',
      url: '/api/respond-further-info',
      headers: { ...bearer(user), ...body.headers, ...headers },
      payload: body.payload,
    })
  }
  const uploads = () => {
    try {
      return readdirSync(path.join(t.dataDir, 'uploads')).length
    } catch {
      return 0
    }
  }
  const row = async (id: string) =>
    (await t.app.db.select().from(infoRequests).where(eq(infoRequests.id, id)))[0]!

  it('lets the sender answer with a file and the deliverer answer with text', async () => {
    const item = await createItem(t.app, sender.id)
    await createRequest(t.app, item.id, deliverer.id)
    const toSender = await createInfoRequest(t.app, {
      itemId: item.id,
      to: 'sender',
      targetUserId: sender.id,
    })
    const toDeliverer = await createInfoRequest(t.app, {
      itemId: item.id,
      to: 'deliverer',
      targetUserId: deliverer.id,
    })
    const res = await respond(
      sender,
      { item_id: item.id, description: 'Here is the photo', response_by: 'sender' },
      { filename: 'photo.png', content: TINY_PNG },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Information sent successfully!' })
    const answered = await row(toSender.id)
    expect(answered.response).toBe('Here is the photo')
    expect(answered.responseFileId).toBeTruthy()
    expect(answered.responseAt).toBeInstanceOf(Date)

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/proof-of-travel/${answered.responseFileId}`,
      headers: bearer(sender),
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')

    const byDeliverer = await respond(deliverer, {
      item_id: item.id,
      description: 'I travel on Friday',
      response_by: 'deliverer',
    })
    expect(byDeliverer.statusCode).toBe(200)
    expect((await row(toDeliverer.id)).response).toBe('I travel on Friday')
    expect((await row(toSender.id)).response).toBe('Here is the photo')

    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, toDeliverer.id))
    expect(audits).toMatchObject([{ actorId: deliverer.id, action: 'info_request.respond' }])

    const again = await respond(sender, {
      item_id: item.id,
      description: 'Resubmitted',
      response_by: 'sender',
    })
    expect(again.statusCode).toBe(200)
    expect(await row(toSender.id)).toMatchObject({ response: 'Resubmitted', responseFileId: null })
  })

  it('answers 404 to another user, a wrong role and an item without a request', async () => {
    const item = await createItem(t.app, sender.id)
    await createInfoRequest(t.app, { itemId: item.id, to: 'sender', targetUserId: sender.id })
    const fields = { item_id: item.id, description: 'x', response_by: 'sender' }
    const notMine = await respond(other, fields)
    expect(notMine.statusCode).toBe(404)
    expect(notMine.json()).toEqual({
      success: false,
      message: 'Item not found',
      code: 'ITEM_NOT_FOUND',
    })
    // a sender answering as deliverer, and a deliverer answering the sender's request
    expect((await respond(sender, { ...fields, response_by: 'deliverer' })).statusCode).toBe(404)
    expect((await respond(deliverer, fields)).statusCode).toBe(404)
    const bare = await createItem(t.app, sender.id)
    expect((await respond(sender, { ...fields, item_id: bare.id })).statusCode).toBe(404)
    const admin = await createUser(t.app, { role: 'admin' })
    expect((await respond(admin, fields)).statusCode).toBe(403)
  })

  it('refuses a bad file with the reply messages and stores nothing', async () => {
    const item = await createItem(t.app, sender.id)
    const req = await createInfoRequest(t.app, {
      itemId: item.id,
      to: 'sender',
      targetUserId: sender.id,
    })
    const fields = { item_id: item.id, description: 'See file', response_by: 'sender' }
    const filesBefore = await countStoredFiles(t.app.db)
    const diskBefore = uploads()

    const html = await respond(sender, fields, {
      filename: 'evil.pdf',
      content: Buffer.from('<html><script>alert(1)</script></html>'),
    })
    expect(html.statusCode).toBe(415)
    expect(html.json()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Please upload a PDF, JPEG, or PNG file.',
    })
    const renamed = await respond(sender, fields, { filename: 'photo.pdf', content: TINY_PNG })
    expect(renamed.statusCode).toBe(415)

    const big = await respond(sender, fields, {
      filename: 'big.pdf',
      content: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(2_097_152 - 4)]),
    })
    expect(big.statusCode).toBe(413)
    expect(big.json().message).toBe('File size must be less than or equal to 2MB.')

    expect(await countStoredFiles(t.app.db)).toBe(filesBefore)
    expect(uploads()).toBe(diskBefore)
    expect((await row(req.id)).response).toBeNull()

    const exact = await respond(sender, fields, {
      filename: 'exact.pdf',
      content: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(2_097_152 - 5)]),
    })
    expect(exact.statusCode).toBe(200)
    expect(uploads()).toBe(diskBefore + 1)
  })

  it('validates the fields and refuses JSON', async () => {
    const item = await createItem(t.app, sender.id)
    await createInfoRequest(t.app, { itemId: item.id, to: 'sender', targetUserId: sender.id })
    const empty = await respond(sender, {
      item_id: item.id,
      description: ' ',
      response_by: 'sender',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({
      message: 'Please write a response',
      errors: { description: ['Please write a response'] },
    })
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/respond-further-info',
      headers: bearer(sender),
      payload: { item_id: item.id, description: 'x', response_by: 'sender' },
    })
    expect(json.statusCode).toBe(415)
    expect(json.json().message).toBe('This request must be sent as multipart/form-data')
  })

  it('answers a replayed call once, with the same answer', async () => {
    const item = await createItem(t.app, sender.id)
    const req = await createInfoRequest(t.app, {
      itemId: item.id,
      to: 'sender',
      targetUserId: sender.id,
    })
    const fields = { item_id: item.id, description: 'Once', response_by: 'sender' }
    const key = { 'idempotency-key': 'outbox-1' }
    const first = await respond(sender, fields, { filename: 'a.png', content: TINY_PNG }, key)
    const filesAfterFirst = await countStoredFiles(t.app.db)
    const second = await respond(sender, fields, { filename: 'a.png', content: TINY_PNG }, key)
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(await countStoredFiles(t.app.db)).toBe(filesAfterFirst)
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, req.id))
    expect(audits).toHaveLength(1)
    const keys = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'outbox-1'))
    expect(keys).toHaveLength(1)
  })
})
