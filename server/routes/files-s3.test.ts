import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryRequests, storedFiles } from '../db/schema'
import { STORAGE_UNAVAILABLE } from '../services/storage/object-store'
import {
  bearer,
  createItem,
  createUser,
  multipart,
  TINY_PDF,
  type TestUser,
} from '../testing/fixtures'
import { startS3 } from '../testing/s3'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

/** A proof of travel a little over 1 MB, with every byte value (a PDF by its first bytes). */
const BIG_PDF = Buffer.concat([
  TINY_PDF,
  Buffer.from(Array.from({ length: 1_100_000 }, (_, i) => (i * 7) % 256)),
])

async function requestItem(t: TestApp, user: TestUser, itemId: string, content: Buffer) {
  const body = await multipart(
    { item_id: itemId, accept_privacy: 'true' },
    { field: 'proof_of_travel', filename: 'ticket.pdf', content },
  )
  return t.app.inject({
    method: 'POST',
    url: '/api/request-item',
    headers: { ...bearer(user), ...body.headers },
    payload: body.payload,
  })
}

describe.each(backends)('uploads in an S3 bucket on %s', (backend) => {
  let s3: Awaited<ReturnType<typeof startS3>>
  let t: TestApp
  let sender: TestUser, deliverer: TestUser
  beforeAll(async () => {
    s3 = await startS3()
    t = await createTestApp(backend, s3.env)
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(async () => {
    await t?.close()
    await s3?.stop()
  })

  it('stores a proof of travel in the bucket and streams it back byte for byte', async () => {
    expect(t.app.storage.kind).toBe('s3')
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const res = await requestItem(t, deliverer, item.id, BIG_PDF)
    expect(res.statusCode).toBe(200)
    const [request] = await t.app.db
      .select()
      .from(deliveryRequests)
      .where(eq(deliveryRequests.itemId, item.id))
    const [file] = await t.app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, request!.proofOfTravelFileId!))
    // In the bucket, under the row's key.
    const listed = []
    for await (const object of t.app.storage.list()) listed.push(object.key)
    expect(listed).toContain(file!.diskName)

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/proof-of-travel/${file!.id}`,
      headers: bearer(deliverer),
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-length']).toBe(String(BIG_PDF.length))
    expect(download.rawPayload.equals(BIG_PDF)).toBe(true)
  })
})

describe.each(backends)('a refused upload on %s', (backend) => {
  let s3: Awaited<ReturnType<typeof startS3>>
  let t: TestApp
  beforeAll(async () => {
    s3 = await startS3()
    t = await createTestApp(backend, s3.env)
  })
  afterAll(async () => {
    await t?.close()
    await s3?.stop()
  })

  it('leaves nothing in the bucket: the object put first is deleted with the refusal', async () => {
    const sender = await createUser(t.app, { role: 'sender' })
    const deliverer = await createUser(t.app, { role: 'deliverer' })
    // Not approved for deliverers yet: the request is refused inside the transaction.
    const item = await createItem(t.app, sender.id)
    const res = await requestItem(t, deliverer, item.id, TINY_PDF)
    expect(res.statusCode).toBe(404)
    const left = []
    for await (const object of t.app.storage.list()) left.push(object.key)
    expect(left).toEqual([])
    expect(await t.app.db.select().from(storedFiles)).toEqual([])
  })
})

describe.each(backends)('a bucket that cannot be reached on %s', (backend) => {
  let t: TestApp
  let sender: TestUser, deliverer: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend, {
      S3_BUCKET: 'tote-test',
      // Nothing listens on port 9 of this machine.
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'y',
      S3_FORCE_PATH_STYLE: 'true',
    })
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  it('answers an upload 503 "try again" and keeps no row that points at nothing', async () => {
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const res = await requestItem(t, deliverer, item.id, TINY_PDF)
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ success: false, message: STORAGE_UNAVAILABLE })
    expect(
      await t.app.db.select().from(deliveryRequests).where(eq(deliveryRequests.itemId, item.id)),
    ).toEqual([])
    expect(await t.app.db.select().from(storedFiles)).toEqual([])
  }, 30_000)

  it('answers a download 503, not 500', async () => {
    const [file] = await t.app.db
      .insert(storedFiles)
      .values({
        ownerId: deliverer.id,
        kind: 'proof_of_travel',
        mime: 'application/pdf',
        size: 10,
        diskName: randomBytes(16).toString('hex'),
        originalName: 'ticket.pdf',
      })
      .returning()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/proof-of-travel/${file!.id}`,
      headers: bearer(deliverer),
    })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ success: false, message: STORAGE_UNAVAILABLE })
  }, 30_000)
})
