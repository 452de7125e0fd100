import { and, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_STATUS, type ErrorCode } from '../contract/error-codes'
import { photoMessages } from '../contract/photo-rules'
import type { Config } from './config'
import { idempotencyKeys } from './db/schema'
import { DomainError } from './errors'
import { securityPlugin } from './plugins/security'
import { LIMITS, TOO_MANY } from './services/throttle'
import {
  bearer,
  createItem,
  createUser,
  itemBody,
  multipart,
  TINY_JPEG,
  TINY_PDF,
  type TestUser,
} from './testing/fixtures'
import { backends, createTestApp, type TestApp } from './testing/test-app'

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>

/** Decision 032: every failure is `{ success: false, message, code }` at the code's own status. */
function expectFailure(res: Answer, code: ErrorCode, message: string) {
  expect(res.statusCode).toBe(ERROR_STATUS[code])
  const body = res.json()
  expect(body).toMatchObject({ success: false, message, code })
  expect(Object.keys(body).sort()).toEqual(
    'errors' in body ? ['code', 'errors', 'message', 'success'] : ['code', 'message', 'success'],
  )
}

describe.each(backends)('error codes on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let otherSender: TestUser
  let deliverer: TestUser
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    ;[sender, otherSender, deliverer, admin] = await Promise.all([
      createUser(t.app, { role: 'sender' }),
      createUser(t.app, { role: 'sender' }),
      createUser(t.app, { role: 'deliverer' }),
      createUser(t.app, { role: 'admin' }),
    ])
  })
  afterAll(() => t?.close())

  it('a body that does not fit the schema: VALIDATION_FAILED with its field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: bearer(sender),
      payload: itemBody({ name: '' }),
    })
    expectFailure(res, 'VALIDATION_FAILED', res.json().message)
    expect(res.json().errors.name).toBeDefined()
  })

  it('a body that is not JSON: MALFORMED_BODY', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expectFailure(res, 'MALFORMED_BODY', 'The request body is not valid JSON')
  })

  it('a body over the limit: PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: bearer(sender),
      payload: itemBody({ description: 'x'.repeat(70 * 1024) }),
    })
    expectFailure(res, 'PAYLOAD_TOO_LARGE', 'Request body is too large')
  })

  it('an unknown API route: NOT_FOUND', async () => {
    expectFailure(await t.app.inject({ url: '/api/no-such-call' }), 'NOT_FOUND', 'Not found')
  })

  it('no token: UNAUTHENTICATED; the wrong role: FORBIDDEN', async () => {
    expectFailure(await t.app.inject({ url: '/api/items' }), 'UNAUTHENTICATED', 'Unauthenticated')
    expectFailure(
      await t.app.inject({ url: '/api/items', headers: bearer(deliverer) }),
      'FORBIDDEN',
      'Forbidden',
    )
  })

  it("another sender's item: ITEM_NOT_FOUND, as for one that does not exist", async () => {
    const item = await createItem(t.app, sender.id)
    const res = await t.app.inject({ url: `/api/items/${item.id}`, headers: bearer(otherSender) })
    expectFailure(res, 'ITEM_NOT_FOUND', 'Item not found')
    const photo = await multipart({}, { field: 'photo', filename: 'a.jpg', content: TINY_JPEG })
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/photos`,
      payload: photo.payload,
      headers: { ...bearer(otherSender), ...photo.headers },
    })
    expectFailure(upload, 'ITEM_NOT_FOUND', 'Item not found')
  })

  it('a decision the item is past: BAD_TRANSITION', async () => {
    const item = await createItem(t.app, sender.id, { status: 'delivered' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sending-approval',
      headers: bearer(admin),
      payload: { item_id: item.id, decision: 'approved' },
    })
    expectFailure(res, 'BAD_TRANSITION', 'This item is no longer pending')
  })

  it('a file of the wrong type: UNSUPPORTED_MEDIA_TYPE', async () => {
    const item = await createItem(t.app, sender.id)
    const form = await multipart({}, { field: 'photo', filename: 'a.jpg', content: TINY_PDF })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/photos`,
      payload: form.payload,
      headers: { ...bearer(sender), ...form.headers },
    })
    expectFailure(res, 'UNSUPPORTED_MEDIA_TYPE', photoMessages.type)
  })

  it('the same Idempotency-Key while its first call runs: IN_FLIGHT', async () => {
    const payload = itemBody()
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { ...bearer(sender), 'idempotency-key': 'in-flight-key' },
        payload,
      })
    expect((await send()).statusCode).toBe(201)
    // As if that first call were still running: claimed, no answer yet.
    await t.app.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null, createdAt: new Date() })
      .where(and(eq(idempotencyKeys.userId, sender.id), eq(idempotencyKeys.key, 'in-flight-key')))
    expectFailure(await send(), 'IN_FLIGHT', 'This request is already being processed')
  })

  it('a throttle: RATE_LIMITED with Retry-After', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'nobody-here@example.com', password: 'wrong-password' },
      })
    for (let i = 0; i < LIMITS.loginPerEmail.limit; i++)
      expectFailure(await login(), 'INVALID_CREDENTIALS', 'Invalid email or password')
    const res = await login()
    expectFailure(res, 'RATE_LIMITED', TOO_MANY.loginsForAccount)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('the one error handler', () => {
  async function appThrowing(error: unknown) {
    const app = Fastify({ logger: false })
    await app.register(
      fp(
        async (a) => {
          a.decorate('config', { mapStyleUrl: undefined } as Config)
        },
        { name: 'config' },
      ),
    )
    await app.register(securityPlugin)
    app.get('/throw', async () => {
      throw error
    })
    await app.ready()
    return app
  }

  it('answers anything unexpected as INTERNAL, without its own words', async () => {
    const app = await appThrowing(new Error('connection refused at 10.0.0.3:5432'))
    expectFailure(
      await app.inject({ url: '/throw' }),
      'INTERNAL',
      'Something went wrong. Please try again.',
    )
    await app.close()
  })

  it('answers a DomainError at its code’s status, with Retry-After when it has one', async () => {
    const app = await appThrowing(new DomainError('RATE_LIMITED', 'Slow down', { retryAfterS: 42 }))
    const res = await app.inject({ url: '/throw' })
    expectFailure(res, 'RATE_LIMITED', 'Slow down')
    expect(res.headers['retry-after']).toBe('42')
    await app.close()
  })
})
