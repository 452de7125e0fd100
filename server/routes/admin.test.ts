import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createItem, createUser, multipart, type TestUser } from './../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
interface Call {
  method: Method
  url: string
  payload?: unknown
  multipart?: boolean
}

/** Every admin call, with a payload an admin would send. */
const calls = (ids: { item: string; user: string; term: string }): Call[] => [
  { method: 'GET', url: '/api/admin/stats' },
  { method: 'GET', url: '/api/admin/items' },
  { method: 'GET', url: `/api/admin/items/${ids.item}` },
  {
    method: 'POST',
    url: '/api/admin/sending-approval',
    payload: { item_id: ids.item, decision: 'approved' },
  },
  {
    method: 'POST',
    url: '/api/admin/delivery-approval',
    payload: { item_id: ids.item, deliverer_id: ids.user, decision: 'rejected' },
  },
  { method: 'POST', url: '/api/admin/request-further-info', multipart: true },
  { method: 'GET', url: '/api/admin/users' },
  {
    method: 'POST',
    url: '/api/admin/users',
    payload: { name: 'New Person', email: `new-${randomUUID()}@example.com`, role: 'sender' },
  },
  { method: 'POST', url: '/api/admin/update-user', payload: { user_id: ids.user, role: 'sender' } },
  { method: 'GET', url: '/api/admin/terms' },
  {
    method: 'POST',
    url: '/api/admin/terms',
    payload: { title: 'T', description: 'D', role: 'deliverer' },
  },
  {
    method: 'PUT',
    url: `/api/admin/terms/${ids.term}`,
    payload: { title: 'T2', description: 'D2', role: 'deliverer' },
  },
  { method: 'DELETE', url: `/api/admin/terms/${ids.term}` },
]

/** The same paths with a method they do not have. */
const wrongMethods = (ids: { item: string; term: string }): Call[] => [
  { method: 'DELETE', url: '/api/admin/stats' },
  { method: 'POST', url: '/api/admin/stats', payload: {} },
  { method: 'DELETE', url: '/api/admin/items' },
  { method: 'PUT', url: `/api/admin/items/${ids.item}`, payload: {} },
  { method: 'GET', url: '/api/admin/sending-approval' },
  { method: 'GET', url: '/api/admin/delivery-approval' },
  { method: 'GET', url: '/api/admin/request-further-info' },
  { method: 'DELETE', url: '/api/admin/users' },
  { method: 'GET', url: '/api/admin/update-user' },
  { method: 'PATCH', url: '/api/admin/terms', payload: {} },
  { method: 'GET', url: `/api/admin/terms/${ids.term}` },
  { method: 'POST', url: `/api/admin/terms/${ids.term}`, payload: {} },
]

describe.each(backends)('/api/admin authorisation on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  let sender: TestUser
  let deliverer: TestUser
  let ids: { item: string; user: string; term: string }
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
    const item = await createItem(t.app, sender.id)
    const other = await createUser(t.app, { role: 'deliverer' })
    ids = { item: item.id, user: other.id, term: randomUUID() }
  })
  afterAll(() => t?.close())

  const send = async (call: Call, user?: TestUser) => {
    const headers: Record<string, string> = user ? bearer(user) : {}
    if (call.multipart) {
      const body = await multipart({ item_id: ids.item, to: 'sender', description: 'Why?' })
      return t.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      })
    }
    return t.app.inject({
      method: call.method,
      url: call.url,
      headers,
      ...(call.payload !== undefined ? { payload: call.payload as object } : {}),
    })
  }

  it('answers 401 to anonymous callers, 403 to senders and deliverers, whatever they send', async () => {
    for (const call of calls(ids)) {
      const anon = await send(call)
      expect(anon.statusCode, `${call.method} ${call.url} anonymous`).toBe(401)
      expect(anon.json()).toEqual({
        success: false,
        message: 'Unauthenticated',
        code: 'UNAUTHENTICATED',
      })
      for (const user of [sender, deliverer]) {
        const res = await send(call, user)
        expect(res.statusCode, `${call.method} ${call.url} as ${user.role}`).toBe(403)
        expect(res.json()).toEqual({ success: false, message: 'Forbidden', code: 'FORBIDDEN' })
      }
      // Even an empty or invalid body is refused for the role first, not validated.
      if (call.method !== 'GET' && !call.multipart) {
        const invalid = await t.app.inject({
          method: call.method,
          url: call.url,
          headers: bearer(sender),
          payload: { nonsense: true },
        })
        expect(invalid.statusCode).toBe(403)
      }
    }
    const badToken = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(badToken.statusCode).toBe(401)
  })

  it('lets an admin through every call', async () => {
    for (const call of calls(ids)) {
      const res = await send(call, admin)
      expect([401, 403], `${call.method} ${call.url}`).not.toContain(res.statusCode)
      expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(500)
    }
  })

  it('never answers 200 to a changed method, for anyone', async () => {
    for (const call of wrongMethods(ids)) {
      for (const user of [undefined, sender, deliverer, admin]) {
        const res = await send(call, user)
        expect([401, 403, 404, 405], `${call.method} ${call.url} ${user?.role}`).toContain(
          res.statusCode,
        )
        expect(res.json().success).toBe(false)
      }
    }
  })

  it('answers 404 for unknown ids', async () => {
    const unknown = randomUUID()
    const cases: Call[] = [
      { method: 'GET', url: `/api/admin/items/${unknown}` },
      { method: 'GET', url: '/api/admin/items/not-a-uuid' },
      {
        method: 'POST',
        url: '/api/admin/sending-approval',
        payload: { item_id: unknown, decision: 'approved' },
      },
      {
        method: 'POST',
        url: '/api/admin/delivery-approval',
        payload: { item_id: unknown, deliverer_id: deliverer.id, decision: 'approved' },
      },
      {
        method: 'POST',
        url: '/api/admin/update-user',
        payload: { user_id: unknown, active: true },
      },
      {
        method: 'PUT',
        url: `/api/admin/terms/${unknown}`,
        payload: { title: 'T', description: 'D', role: 'sender' },
      },
      { method: 'DELETE', url: `/api/admin/terms/${unknown}` },
      { method: 'DELETE', url: '/api/admin/terms/nope' },
    ]
    for (const call of cases) {
      const res = await send(call, admin)
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404)
      expect(res.json().success).toBe(false)
    }
  })

  it('validates bodies with the contract messages', async () => {
    const res = await send(
      {
        method: 'POST',
        url: '/api/admin/sending-approval',
        payload: { item_id: 'x', decision: 'maybe' },
      },
      admin,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toMatchObject({
      item_id: ['Unknown item'],
      decision: ['Decision must be approved or rejected'],
    })
    const term = await send(
      { method: 'POST', url: '/api/admin/terms', payload: { title: ' ', role: 'deliverer' } },
      admin,
    )
    expect(term.statusCode).toBe(400)
    expect(term.json().errors).toMatchObject({
      title: ['Title is required'],
      description: ['Description is required'],
    })
  })
})
