import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestFurtherInfoFields } from '../contract/admin'
import { requestItemFields, updateDeliveryStatusFields } from '../contract/deliveries'
import { respondFurtherInfoFields } from '../contract/info-requests'
import { messageFields } from '../contract/messages'
import { notifications } from './db/schema'
import {
  approveSending,
  bearer,
  createItem,
  createRequest,
  createUser,
  itemBody,
  multipart,
  TINY_JPEG,
  TINY_PDF,
  TINY_PNG,
  type TestUser,
} from './testing/fixtures'
import { backends, createTestApp, type TestApp } from './testing/test-app'

/** Fixed, so a failure reproduces; fast-check prints the seed and path of the counterexample. */
const SEED = 20261126
/** Runs per endpoint (more where it takes dates): about 40 endpoints stay well under a minute. */
const RUNS_PER_ENDPOINT = 15
const RUNS_PER_DATED_ENDPOINT = 40

type Role = 'sender' | 'deliverer' | 'admin'
type Body =
  | { kind: 'none' }
  | { kind: 'json'; payload: string }
  | { kind: 'form'; fields: Record<string, string>; file: Buffer | null; filename: string }
const ROLES: Role[] = ['sender', 'deliverer', 'admin']

interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** OpenAPI path, /api/trips/{id} */
  path: string
  pathParams: string[]
  query: string[]
  /** Top-level fields of the JSON body schema; none for a body-less or multipart call. */
  fields: string[]
  /** Body fields and query parameters that take a date or date-time (by format or name). */
  dates: string[]
  signedIn: boolean
}

/** Multipart calls (no JSON body schema in the OpenAPI document): their text fields and file. */
const MULTIPART: Record<string, { fields: string[]; file: string }> = {
  '/api/request-item': { fields: Object.keys(requestItemFields.shape), file: 'proof_of_travel' },
  '/api/update-delivery-status': {
    fields: Object.keys(updateDeliveryStatusFields.shape),
    file: 'proof_of_delivery',
  },
  '/api/respond-further-info': {
    fields: Object.keys(respondFurtherInfoFields.shape),
    file: 'file',
  },
  '/api/admin/request-further-info': {
    fields: Object.keys(requestFurtherInfoFields.shape),
    file: 'file',
  },
  '/api/items/{id}/photos': { fields: [], file: 'photo' },
  // JSON { body } or this form: the fuzzer sends the form, the JSON half is the same fields.
  '/api/items/{id}/messages': { fields: Object.keys(messageFields.shape), file: 'file' },
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: object }[]
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, object> } }> }
  security?: unknown[]
}

/** Every write call of the API, read from its own OpenAPI document. */
function writeEndpoints(doc: { paths: Record<string, Record<string, OpenApiOperation>> }) {
  const out: Endpoint[] = []
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue
      const params = op.parameters ?? []
      const json = op.requestBody?.content['application/json']?.schema?.properties ?? {}
      const schemas = [...Object.entries(json), ...params.map((p) => [p.name, p.schema] as const)]
      out.push({
        method: method.toUpperCase() as Endpoint['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        fields: Object.keys(json),
        dates: schemas
          .filter(
            ([name, schema]) =>
              /date|deadline/.test(name) || /"format":"date/.test(JSON.stringify(schema)),
          )
          .map(([name]) => name),
        signedIn: (op.security ?? []).length > 0,
      })
    }
  return out
}

const pad = (n: number) => String(n).padStart(2, '0')
const day = ([y, m, d]: [number, number, number]) =>
  `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`
/**
 * Days around the calendar's edges: month 0 and 13, day 0 and 32, years outside 1970..9999, and
 * half the time the 29th to 31st of a short month in the next years (30 February, 31 April).
 */
const dateText = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.integer({ min: 2027, max: 2032 }), fc.integer({ min: 0, max: 10_000 })),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(day),
  fc
    .tuple(
      fc.integer({ min: 2027, max: 2032 }),
      fc.constantFrom(2, 4, 6, 9, 11),
      fc.constantFrom(29, 30, 31),
    )
    .map(day),
)
const dateTimeText = fc
  .tuple(
    dateText,
    // Up to 25:61:61 and offsets up to ±25:61.
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 61 }),
    fc.option(fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 25 }), fc.nat(61))),
  )
  .map(
    ([day, h, m, s, offset]) =>
      `${day}T${pad(h)}:${pad(m)}:${pad(s)}${offset ? `${offset[0]}${pad(offset[1])}:${pad(offset[2])}` : 'Z'}`,
  )
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  dateText,
  dateTimeText,
  fc.uuid(),
)

describe.each(backends)('random bad input to every write call on %s', (backend) => {
  let t: TestApp
  const users = {} as Record<Role, TestUser>
  /** Real ids by field name, so the calls get past "not found" into their own checks. */
  let idsFor: (name: string) => string[]
  const baseBodies: Record<string, Record<string, unknown>> = {}

  beforeAll(async () => {
    t = await createTestApp(backend)
    for (const role of ROLES) users[role] = await createUser(t.app, { role })
    const bystander = await createUser(t.app, { role: 'sender' })
    const pending = await createItem(t.app, users.sender.id)
    const approved = await createItem(t.app, users.sender.id)
    await approveSending(t.app, approved.id)
    await createRequest(t.app, approved.id, users.deliverer.id)
    const route = {
      origin_address: { lat: 52.52, lng: 13.405 },
      destination_address: { lat: 48.1372, lng: 11.5756 },
    }
    const tripBody = { ...route, radius_km: 10, travel_date: '2027-06-01' }
    const trip = await t.app.inject({
      method: 'POST',
      url: '/api/trips',
      payload: tripBody,
      headers: bearer(users.deliverer),
    })
    const termsBody = { title: 'Terms', description: 'Be kind', role: 'sender' }
    const terms = await t.app.inject({
      method: 'POST',
      url: '/api/admin/terms',
      payload: termsBody,
      headers: bearer(users.admin),
    })
    const [notification] = await t.app.db
      .insert(notifications)
      .values({
        userId: users.deliverer.id,
        kind: 'trip_match',
        title: 'New item on your route',
        body: 'Box of books',
        link: `/available-items/${approved.id}`,
      })
      .returning()
    const itemIds = [pending.id, approved.id]
    const others = [trip.json().data.trip.id, terms.json().data.id, notification!.id]
    // Never an actor's own id where a call could demote or deactivate them.
    idsFor = (name) =>
      name === 'user_id'
        ? [bystander.id]
        : name === 'deliverer_id'
          ? [users.deliverer.id]
          : [...itemIds, ...others]
    Object.assign(baseBodies, {
      '/api/items': itemBody(),
      '/api/update-item': { ...itemBody(), item_id: pending.id },
      '/api/trips': tripBody,
      '/api/trips/{id}': tripBody,
      '/api/available-items': route,
      '/api/admin/terms': termsBody,
      '/api/admin/terms/{id}': termsBody,
      '/api/update-request-status': {
        item_id: approved.id,
        deliverer_id: users.deliverer.id,
        status: 'rejected',
      },
      '/api/request-item': { item_id: approved.id, accept_privacy: 'true' },
    })
  })
  afterAll(() => t?.close())

  /** Who may call it: the roles not refused with 401 or 403 for an empty body. */
  async function rolesOf(endpoint: Endpoint): Promise<Role[]> {
    if (!endpoint.signedIn) return ROLES
    const url = endpoint.path.replace(/\{(\w+)\}/g, () => randomUUID())
    const allowed: Role[] = []
    for (const role of ROLES) {
      const res = await t.app.inject({
        method: endpoint.method,
        url,
        payload: {},
        headers: bearer(users[role]),
      })
      if (res.statusCode !== 401 && res.statusCode !== 403) allowed.push(role)
    }
    return allowed.length ? allowed : ROLES
  }

  /** A value for a field: random JSON or text, a date on the calendar's edge, or a real id. */
  const valueFor = (name: string) =>
    fc.oneof(
      text,
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(...(/_id$|^id$/.test(name) ? idsFor(name) : ['', ' '])),
    )
  const dateLike = fc.oneof(dateText, dateTimeText)

  /** A JSON body: anything, the schema's fields with random values, or a good body with some spoilt. */
  function jsonBody(endpoint: Endpoint): fc.Arbitrary<string> {
    const base =
      baseBodies[endpoint.path] ??
      Object.fromEntries(
        endpoint.fields.filter((f) => f.endsWith('_id')).map((f) => [f, idsFor(f)[0]]),
      )
    const keys = [...new Set([...endpoint.fields, ...Object.keys(base)])]
    const spoilt = keys.length
      ? fc
          .array(
            fc.constantFrom(...keys).chain((key) => valueFor(key).map((v) => [key, v] as const)),
            { minLength: 1, maxLength: 3 },
          )
          .map((pairs) => ({ ...base, ...Object.fromEntries(pairs) }))
      : fc.constant(base)
    // A good body whose every date is on the calendar's edge: the checks past the schema see it.
    const dates = endpoint.fields.filter((f) => endpoint.dates.includes(f))
    const datesSpoilt = fc
      .tuple(...dates.map(() => dateLike))
      .map((values) => ({ ...base, ...Object.fromEntries(dates.map((f, i) => [f, values[i]])) }))
    return fc
      .oneof(
        fc.jsonValue({ maxDepth: 3 }),
        keys.length ? fc.dictionary(fc.constantFrom(...keys), valueFor('')) : fc.object(),
        { arbitrary: spoilt, weight: 2 },
        { arbitrary: datesSpoilt, weight: dates.length ? 3 : 0 },
      )
      .map((value) => JSON.stringify(value))
  }

  function requestOf(endpoint: Endpoint, roles: Role[]) {
    const multi = MULTIPART[endpoint.path]
    const json = jsonBody(endpoint).map((payload): Body => ({ kind: 'json', payload }))
    const body: fc.Arbitrary<Body> = multi
      ? fc.oneof(
          fc
            .record({
              fields: fc.dictionary(fc.constantFrom('item_id', ...multi.fields), text),
              file: fc.option(
                fc.oneof(
                  fc.constantFrom(TINY_PDF, TINY_PNG, TINY_JPEG),
                  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
                ),
              ),
              filename: fc.constantFrom('ticket.pdf', 'photo.png', 'a\u0000.jpg', ''),
            })
            .map((form): Body => ({ kind: 'form', ...form })),
          json,
        )
      : fc.oneof(
          { arbitrary: json, weight: 4 },
          fc.string().map((payload): Body => ({ kind: 'json', payload })),
          fc.constant<Body>({ kind: 'none' }),
        )
    return fc.record({
      role: fc.constantFrom(...roles),
      pathIds: fc.array(
        fc.oneof(fc.constantFrom(...idsFor('id')), fc.uuid(), fc.string({ minLength: 1 })),
        { minLength: endpoint.pathParams.length, maxLength: endpoint.pathParams.length },
      ),
      query: fc.dictionary(
        fc.constantFrom('page', 'per_page', ...endpoint.query),
        fc.oneof(text, dateLike),
        { maxKeys: endpoint.query.length ? 3 : 0 },
      ),
      idempotencyKey: fc.option(fc.constantFrom('replay-1', 'replay-2')),
      body,
    })
  }

  // About 10 s a database alone; a loaded 2-core machine may take several times that.
  it('answers every write call with random, impossible or misshapen input without a 5xx', async () => {
    const endpoints = writeEndpoints(t.app.swagger() as never)
    // The table is the app's own: a new write call is fuzzed without touching this file.
    expect(endpoints.length).toBeGreaterThan(30)
    for (const [index, endpoint] of endpoints.entries()) {
      const logout = endpoint.path === '/api/logout'
      const roles = logout ? ROLES : await rolesOf(endpoint)
      await fc.assert(
        fc.asyncProperty(requestOf(endpoint, roles), async (input) => {
          let n = 0
          const url =
            endpoint.path.replace(/\{\w+\}/g, () => encodeURIComponent(input.pathIds[n++]!)) +
            (Object.keys(input.query).length ? `?${new URLSearchParams(input.query)}` : '')
          // Signing out ends the session: that call gets a user of its own each run.
          const user = logout ? await createUser(t.app, { role: input.role }) : users[input.role]
          const headers: Record<string, string> = endpoint.signedIn ? bearer(user) : {}
          if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey
          let payload: string | Buffer | undefined
          const { body } = input
          if (body.kind === 'form') {
            const base = (baseBodies[endpoint.path] ?? {}) as Record<string, string>
            const file = MULTIPART[endpoint.path]!.file
            const form = await multipart(
              { ...base, ...body.fields },
              ...(body.file ? [{ field: file, filename: body.filename, content: body.file }] : []),
            )
            payload = form.payload
            Object.assign(headers, form.headers)
          } else if (body.kind === 'json') {
            payload = body.payload
            headers['content-type'] = 'application/json'
          }
          const logsBefore = t.logs.length
          const res = await t.app.inject({ method: endpoint.method, url, headers, payload })
          const errors = t.logs.slice(logsBefore).filter((line) => line.includes('"level":50'))
          expect(
            res.statusCode,
            `${endpoint.method} ${url} as ${input.role}: ${res.body}\n${errors.join('\n')}`,
          ).toBeLessThan(500)
        }),
        {
          seed: SEED + index,
          numRuns: endpoint.dates.length ? RUNS_PER_DATED_ENDPOINT : RUNS_PER_ENDPOINT,
        },
      )
    }
  }, 120_000)
})
