import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createItem, createUser, type TestUser } from './testing/fixtures'
import { backends, createTestApp, type TestApp } from './testing/test-app'

describe('API answers over 1 KB are compressed', () => {
  let t: TestApp
  let sender: TestUser
  beforeAll(async () => {
    t = await createTestApp(backends[0]!)
    sender = await createUser(t.app, { role: 'sender' })
    for (let i = 0; i < 4; i++) await createItem(t.app, sender.id)
  })
  afterAll(() => t?.close())

  const list = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/items',
      headers: { ...bearer(sender), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    })

  it('with brotli or gzip as the client asks, and not at all when it does not', async () => {
    const plain = await list()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    const items = plain.json().data.items
    expect(items).toHaveLength(4)

    const br = await list('gzip, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data.items).toEqual(items)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)

    const gz = await list('gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data.items).toEqual(items)

    expect((await list('identity')).headers['content-encoding']).toBeUndefined()
  })

  it('compresses the OpenAPI document too (about 120 KB plain)', async () => {
    const docs = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      })
    const plain = await docs()
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await docs('br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5)
  })

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json().success).toBe(true)
  })
})
