import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, backends, createTestApp, createUser, login, type TestApp } from './testing/test-app'

describe.each(backends)('app on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(() => t?.close())

  it('health answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'ok', data: { status: 'ok' } })
  })

  it('sends the CSP and nosniff on API answers, errors and 404s', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/get-user-data']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      const csp = String(res.headers['content-security-policy'])
      for (const part of [
        "default-src 'self'",
        "script-src 'self' https://js.stripe.com",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "connect-src 'self' https://api.stripe.com",
        "worker-src 'self' blob:",
        "frame-src 'self' blob: https://js.stripe.com https://hooks.stripe.com",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp, url).toContain(part)
      }
    }
  })

  it('keeps every /api answer out of the browser cache (no-store), errors and docs included', async () => {
    const sender = await createUser(t.app, { email: 'nostore@example.com' })
    const { token } = await login(t.app, sender.email)
    for (const [url, headers] of [
      ['/api/health', {}],
      ['/api/get-user-data', auth(token)],
      ['/api/get-user-data', {}],
      ['/api/nothing-here', {}],
      ['/api/docs/json', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers })
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nostore@example.com', password: 'password123' },
    })
    expect(posted.headers['cache-control']).toBe('no-store')
  })

  it('answers unknown API routes with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' })
    expect((await t.app.inject({ method: 'DELETE', url: '/api/login' })).statusCode).toBe(404)
  })

  it('refuses JSON bodies over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      success: false,
      message: 'Request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    })
  })

  it('answers 400 for malformed JSON and 415 for an unknown content type', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      success: false,
      message: 'The request body is not valid JSON',
      code: 'MALFORMED_BODY',
    })
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    })
    expect(xml.statusCode).toBe(415)
    expect(xml.json().success).toBe(false)
  })

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect([200, 302]).toContain(ui.statusCode)
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('swagger')
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(doc.statusCode).toBe(200)
    const paths = doc.json().paths as Record<string, Record<string, { requestBody?: unknown }>>
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/get-user-data', '/api/health']),
    )
    expect(paths['/api/register']?.post?.requestBody).toBeTruthy()
  })

  it('lists the dev outbox newest first', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'A',
        email: 'o1@example.com',
        password: 'longenough1',
        role: 'sender',
        accept_terms: true,
      },
    })
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'B',
        email: 'o2@example.com',
        password: 'longenough1',
        role: 'sender',
        accept_terms: true,
      },
    })
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })
    expect(res.statusCode).toBe(200)
    const to = (res.json().data as { to: string }[]).map((m) => m.to)
    expect(to.indexOf('o2@example.com')).toBeLessThan(to.indexOf('o1@example.com'))
    const filtered = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=o1@example.com' })
    expect(filtered.json().data).toHaveLength(1)
  })

  it('keeps passwords and tokens out of the logs', async () => {
    await createUser(t.app, { email: 'logs@example.com', password: 'secret-password-42' })
    const { token } = await login(t.app, 'logs@example.com', 'secret-password-42')
    expect(token).toBeTruthy()
    await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers: auth(token) })
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'logs@example.com', password: 'wrong-secret-99' },
    })
    await t.app.inject({
      method: 'GET',
      url: '/verify-email?token=link-token-abcdef123456',
      headers: { accept: 'text/html' },
    })
    await t.app.inject({
      method: 'POST',
      url: '/api/verify-email',
      payload: { token: 'body-token-abcdef123456' },
    })
    const all = t.logs.join('')
    expect(all).toContain('/verify-email?token=[redacted]')
    expect(all).toContain('/api/get-user-data')
    for (const secret of [
      'secret-password-42',
      'wrong-secret-99',
      token!,
      'link-token-abcdef123456',
      'body-token-abcdef123456',
    ]) {
      expect(all).not.toContain(secret)
    }
  })
})

describe.each(backends)('dev outbox off on %s', (backend) => {
  it.each([
    [
      'production',
      {
        NODE_ENV: 'production',
        APP_ORIGIN: 'https://tote.example',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
    ],
    ['SMTP_URL set', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ])('is 404 when %s', async (_name, env) => {
    const t = await createTestApp(backend, env)
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' })
    } finally {
      await t.close()
    }
  })
})

describe.each(backends)('API docs in production on %s', (backend) => {
  const production = {
    NODE_ENV: 'production',
    APP_ORIGIN: 'https://tote.example',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  }

  it('are not served, neither the UI nor the OpenAPI document, unless API_DOCS=true', async () => {
    const off = await createTestApp(backend, production)
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
        const res = await off.app.inject({ method: 'GET', url })
        expect(res.statusCode, url).toBe(404)
        expect(res.json(), url).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' })
      }
    } finally {
      await off.close()
    }
    const on = await createTestApp(backend, { ...production, API_DOCS: 'true' })
    try {
      const doc = await on.app.inject({ method: 'GET', url: '/api/docs/json' })
      expect(doc.statusCode).toBe(200)
      expect(Object.keys(doc.json().paths)).toContain('/api/login')
    } finally {
      await on.close()
    }
  })
})

describe.each(backends)('health without a database on %s', (backend) => {
  it('answers 503 when the database does not answer', async () => {
    const t = await createTestApp(backend)
    try {
      await t.database.close()
      const res = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(503)
      expect(res.json().success).toBe(false)
    } finally {
      await t.close().catch(() => {})
    }
  })
})
