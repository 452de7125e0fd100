// Decision 015: Tote on more than one machine. Two real Tote processes start at the same moment on one
// fresh PostgreSQL database and one S3-compatible store (s3rver), and the test drives them in
// turn, as a load balancer would. Skipped when PostgreSQL does not answer at TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test).
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import S3rver from 's3rver'
import { apiCall, apiLogin, apiMultipart, postApprovedItem, TINY_PDF } from './support/api'
import { startServer, type TestServer } from './support/server'
import { expect, test } from './fixtures'

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const BUCKET = 'tote-scale-out'
const DELIVERER = 'deliverer@example.com'

async function postgresAnswers() {
  const sql = postgres(PG_URL, { max: 1, connect_timeout: 2, onnotice: () => {} })
  try {
    await sql`select 1`
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {})
  }
}

/** A raw call: the status and the JSON, whatever the status. */
async function call(
  baseURL: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

test.describe('two Tote processes on one database and one object store', () => {
  // This file starts its own two servers, on PostgreSQL and S3, instead of the fixture's.
  test.describe.configure({ timeout: 300_000 })
  let admin: postgres.Sql | null = null
  const database = `tote_so_${randomBytes(5).toString('hex')}`
  let s3: S3rver | null = null
  let s3Dir: string | null = null
  let a: TestServer
  let b: TestServer

  const handoffSigningKey = () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    return JSON.stringify({ keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'scale-out' }] })
  }

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(300_000)
    // eslint-disable-next-line playwright/no-skipped-test -- only where PostgreSQL is missing
    test.skip(!(await postgresAnswers()), 'PostgreSQL does not answer')
    admin = postgres(PG_URL, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${database}`)
    const url = new URL(PG_URL)
    url.pathname = `/${database}`
    s3Dir = mkdtempSync(join(tmpdir(), 'tote-s3-'))
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    })
    const { port } = (await s3.run()) as unknown as { port: number }
    const shared = {
      DATABASE_URL: url.toString(),
      // One secret for all processes: a session made on one is valid on the other.
      JWT_SECRET: randomBytes(48).toString('base64'),
      // And one handoff key: a code one process shows, the other checks (decision 034).
      HANDOFF_SIGNING_KEY: handoffSigningKey(),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }
    // At the same moment; one of them seeds the demo accounts.
    ;[a, b] = await Promise.all([
      startServer({ env: { ...shared, SEED: 'true' } }),
      startServer({ env: { ...shared, SEED: 'false' } }),
    ])
  })

  test.afterAll(async () => {
    await a?.stop()
    await b?.stop()
    await s3?.close().catch(() => {})
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true })
    await admin?.unsafe(`drop database if exists ${database} with (force)`).catch(() => {})
    await admin?.end({ timeout: 2 })
  })

  test('both migrated and answer', async () => {
    for (const server of [a, b]) {
      const health = await call(server.baseURL, null, 'GET', '/api/health')
      expect(health.status, server.logs()).toBe(200)
      expect(server.logs(), 'an error was logged at start').not.toMatch(/"level":(50|60)/)
    }
  })

  test('a proof of travel uploaded through one downloads byte for byte through the other', async () => {
    const sender = await apiLogin(a.baseURL, 'sender@example.com')
    const adminUser = await apiLogin(b.baseURL, 'admin@example.com')
    const deliverer = await apiLogin(a.baseURL, DELIVERER)
    const item = await postApprovedItem(
      a.baseURL,
      sender.token,
      adminUser.token,
      'Scale-out parcel',
    )
    // A little over 1 MB, every byte value.
    const bytes = Buffer.concat([
      TINY_PDF,
      Buffer.from(Array.from({ length: 1_100_000 }, (_, i) => (i * 13) % 256)),
    ])
    await apiMultipart(
      a.baseURL,
      deliverer.token,
      '/api/request-item',
      { item_id: item.id, accept_privacy: 'true' },
      { proof_of_travel: { bytes, type: 'application/pdf', name: 'ticket.pdf' } },
    )
    const { data } = await apiCall(b.baseURL, adminUser.token, 'GET', `/api/admin/items/${item.id}`)
    const fileId = data.requests[0].proof_of_travel
    expect(fileId, JSON.stringify(data.requests)).toBeTruthy()
    const download = await fetch(new URL(`/api/proof-of-travel/${fileId}`, b.baseURL), {
      headers: { Authorization: `Bearer ${deliverer.token}` },
    })
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes), 'bytes differ').toBe(true)
  })

  test('a session made on one is valid on the other, and logout revokes it on both', async () => {
    const { token } = await apiLogin(a.baseURL, DELIVERER)
    expect((await call(b.baseURL, token, 'GET', '/api/get-user-data')).status).toBe(200)
    expect((await call(b.baseURL, token, 'POST', '/api/logout')).status).toBe(200)
    expect((await call(a.baseURL, token, 'GET', '/api/get-user-data')).status).toBe(401)
    expect((await call(b.baseURL, token, 'GET', '/api/get-user-data')).status).toBe(401)
  })

  test('six wrong passwords spread over both get a 429', async () => {
    const statuses: number[] = []
    for (const [i, server] of [a, b, a, b, a, b].entries()) {
      const answer = await call(server.baseURL, null, 'POST', '/api/login', {
        email: 'sender@example.com',
        password: `wrong-${i}-password`,
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })

  test('a reset mail queued by one is delivered once', async () => {
    const outbox = async () => {
      const { data } = await apiCall(b.baseURL, null, 'GET', `/api/dev/outbox?to=${DELIVERER}`)
      return data.filter((mail: { subject: string }) => /reset/i.test(mail.subject))
    }
    expect(await outbox()).toEqual([])
    await apiCall(a.baseURL, null, 'POST', '/api/forgot-password', { email: DELIVERER })
    await expect
      .poll(async () => (await outbox()).length, { timeout: 30_000, intervals: [250] })
      .toBeGreaterThan(0)
    // Both workers poll the queue every second: this pause is the check, it gives a second
    // delivery the time to show.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(await outbox()).toHaveLength(1)
  })
})
