import { eq } from 'drizzle-orm'
import Fastify, { type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys } from '../db/schema'
import { codeOfStatus, DomainError } from '../errors'
import { createUser, type TestUser } from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'
import type { AuthUser } from '../types'
import { idempotencyPlugin } from './idempotency'

describe.each(backends)('Idempotency-Key on %s', (backend) => {
  let t: TestApp
  let user: TestUser
  let other: TestUser
  const mini = Fastify({ logger: false })
  let runs = 0
  let failNext = false
  let release: () => void = () => {}
  let setRefusal: (status: number) => void = () => {}

  beforeAll(async () => {
    t = await createTestApp(backend)
    user = await createUser(t.app, { role: 'sender' })
    other = await createUser(t.app, { role: 'sender' })
    await mini.register(
      fp(
        async (a) => {
          a.decorate('db', t.app.db)
        },
        { name: 'db' },
      ),
    )
    await mini.register(
      fp(
        async (a) => {
          a.decorateRequest('user', null)
          a.decorate('authenticate', async (request: FastifyRequest) => {
            const id = request.headers['x-user'] as string
            request.user = { id, role: 'sender' } as AuthUser
          })
        },
        { name: 'auth' },
      ),
    )
    await mini.register(idempotencyPlugin)
    mini.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) =>
      reply
        .code(err instanceof DomainError ? err.status : (err.statusCode ?? 500))
        .send({ success: false, message: err.message }),
    )
    const pre = { preHandler: [mini.authenticate, mini.idempotent] }
    mini.post('/work', pre, async (_req, reply) => {
      runs++
      if (failNext) {
        failNext = false
        throw new Error('database down')
      }
      return reply.code(201).send({ success: true, message: 'Done', data: { run: runs } })
    })
    mini.post('/other', pre, async () => ({ success: true, message: 'Other' }))
    let refusal = 409
    mini.post('/refuse', pre, async () => {
      runs++
      throw new DomainError(codeOfStatus(refusal), refusal === 400 ? 'Name is required' : 'Not now')
    })
    setRefusal = (status: number) => (refusal = status)
    mini.post('/slow', pre, async () => {
      runs++
      await new Promise<void>((r) => (release = r))
      return { success: true, message: 'Slow done' }
    })
    await mini.ready()
  })
  afterAll(async () => {
    await mini.close()
    await t?.close()
  })

  const call = (url: string, key?: string, who: TestUser = user) =>
    mini.inject({
      method: 'POST',
      url,
      headers: { 'x-user': who.id, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    })

  it('runs once and replays the same status and body', async () => {
    runs = 0
    const first = await call('/work', 'k-replay')
    const second = await call('/work', 'k-replay')
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(201)
    expect(second.json()).toEqual(first.json())
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(runs).toBe(1)
    // another user's same key is theirs; no key runs every time
    expect((await call('/work', 'k-replay', other)).headers['idempotent-replayed']).toBeUndefined()
    await call('/work')
    await call('/work')
    expect(runs).toBe(4)
  })

  it('refuses a bad key, a key reused elsewhere, and a call still in flight', async () => {
    expect((await call('/work', '')).statusCode).toBe(400)
    expect((await call('/work', 'x'.repeat(201))).statusCode).toBe(400)
    expect((await call('/work', 'x'.repeat(200))).statusCode).toBe(201)
    await call('/work', 'k-path')
    const elsewhere = await call('/other', 'k-path')
    expect(elsewhere.statusCode).toBe(422)
    expect(elsewhere.json().message).toBe(
      'This Idempotency-Key was already used for a different request',
    )

    runs = 0
    const slow = call('/slow', 'k-slow')
    await new Promise((r) => setTimeout(r, 100))
    const busy = await call('/slow', 'k-slow')
    expect(busy.statusCode).toBe(409)
    expect(busy.json().message).toBe('This request is already being processed')
    release()
    expect((await slow).statusCode).toBe(200)
    expect((await call('/slow', 'k-slow')).headers['idempotent-replayed']).toBe('true')
    expect(runs).toBe(1)
  })

  it('forgets a 5xx so a retry runs again', async () => {
    runs = 0
    failNext = true
    expect((await call('/work', 'k-5xx')).statusCode).toBe(500)
    const retry = await call('/work', 'k-5xx')
    expect(retry.statusCode).toBe(201)
    expect(retry.headers['idempotent-replayed']).toBeUndefined()
    expect(runs).toBe(2)
  })

  it.each([401, 403, 404, 409, 429])(
    'forgets a %i (an answer of the moment): the same request runs again later',
    async (status) => {
      runs = 0
      setRefusal(status)
      expect((await call('/refuse', `k-moment-${status}`)).statusCode).toBe(status)
      const again = await call('/refuse', `k-moment-${status}`)
      expect(again.headers['idempotent-replayed']).toBeUndefined()
      expect(runs).toBe(2)
    },
  )

  it.each([400, 413, 415, 422])(
    'keeps a %i (a refusal of the content itself) and replays it',
    async (status) => {
      runs = 0
      setRefusal(status)
      expect((await call('/refuse', `k-content-${status}`)).statusCode).toBe(status)
      const again = await call('/refuse', `k-content-${status}`)
      expect(again.statusCode).toBe(status)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(runs).toBe(1)
    },
  )

  it('lets only one of two concurrent calls with one key run', async () => {
    runs = 0
    const [a, b] = await Promise.all([call('/work', 'k-race'), call('/work', 'k-race')])
    expect([a.statusCode, b.statusCode].sort()).toEqual(expect.arrayContaining([201]))
    expect(runs).toBe(1)
    const rows = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'k-race'))
    expect(rows).toHaveLength(1)
  })
})
