import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, oneTimeTokens, users } from '../db/schema'
import { COMMON_PASSWORD } from '../services/common-passwords'
import { issueLink } from '../services/one-time-links'
import {
  backends,
  createTestApp,
  createUser,
  lastMail,
  login,
  type TestApp,
} from '../testing/test-app'

const post = (t: TestApp, url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress })

describe.each(backends)('sign-in abuse on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    // No background worker: the tests look at what a request leaves in the queue.
    t = await createTestApp(backend, {}, { jobWorker: false })
  })
  afterAll(() => t?.close())

  it('gives 20 parallel wrong passwords on one account at most 5 verdicts; the rest get 429', async () => {
    await createUser(t.app, { email: 'raced@example.com' })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(t, '/api/login', { email: 'raced@example.com', password: `wrong-${i}` }, '10.0.0.1'),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5)
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(15)
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true)
    const blocked = answers.find((a) => a.statusCode === 429)!
    expect(blocked.json()).toEqual({
      success: false,
      message: 'Too many login attempts. Please try again later.',
    })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // Even the right password waits for the window.
    const right = await post(
      t,
      '/api/login',
      { email: 'raced@example.com', password: 'password123' },
      '10.0.0.9',
    )
    expect(right.statusCode).toBe(429)
  })

  it('clears the count of an address on a successful login', async () => {
    await createUser(t.app, { email: 'forgetful@example.com' })
    for (let i = 0; i < 4; i++)
      expect((await login(t.app, 'forgetful@example.com', 'nope-nope')).res.statusCode).toBe(401)
    expect((await login(t.app, 'forgetful@example.com')).res.statusCode).toBe(200)
    for (let i = 0; i < 4; i++)
      expect((await login(t.app, 'forgetful@example.com', 'nope-nope')).res.statusCode).toBe(401)
    expect((await login(t.app, 'forgetful@example.com')).res.statusCode).toBe(200)
  })

  it('throttles forgot-password per address and per client, with a clear 429', async () => {
    const codes: number[] = []
    for (let i = 0; i < 7; i++)
      codes.push(
        (await post(t, '/api/forgot-password', { email: 'bombed@example.com' }, `10.1.0.${i}`))
          .statusCode,
      )
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429])
    const res = await post(t, '/api/forgot-password', { email: 'bombed@example.com' }, '10.1.0.99')
    expect(res.json()).toEqual({
      success: false,
      message: 'Too many requests for this email address. Please wait a while and try again.',
    })
    // One client spraying many addresses.
    const spray: number[] = []
    for (let i = 0; i < 22; i++)
      spray.push(
        (await post(t, '/api/forgot-password', { email: `spray${i}@example.com` }, '10.2.0.1'))
          .statusCode,
      )
    expect(spray.slice(0, 20).every((c) => c === 200)).toBe(true)
    expect(spray.slice(20)).toEqual([429, 429])
  })

  it('throttles sign-up and resend-verification per address, fired in parallel', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          t,
          i % 2 ? '/api/register' : '/api/resend-verification',
          {
            name: 'Flood',
            email: 'flood@example.com',
            password: 'a-strong-passphrase',
            role: 'sender',
          },
          `10.3.0.${i}`,
        ),
      ),
    )
    const ok = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201)
    expect(ok.length).toBe(5)
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(15)
    expect(
      (await t.app.db.select().from(users).where(eq(users.email, 'flood@example.com'))).length,
    ).toBeLessThanOrEqual(1)
  })

  it('queues the reset mail instead of sending it: the answer does the same work for every address', async () => {
    await createUser(t.app, { email: 'real@example.com' })
    const jobsBefore = await t.app.db.select({ n: count() }).from(jobs)
    const known = await post(t, '/api/forgot-password', { email: 'real@example.com' }, '10.4.0.1')
    const unknown = await post(
      t,
      '/api/forgot-password',
      { email: 'nobody@example.com' },
      '10.4.0.2',
    )
    expect(known.json()).toEqual(unknown.json())
    expect(known.statusCode).toBe(200)
    const jobsAfter = await t.app.db.select({ n: count() }).from(jobs)
    expect(Number(jobsAfter[0]!.n) - Number(jobsBefore[0]!.n)).toBe(2)
    // No link exists yet: the job makes it when it runs.
    const [real] = await t.app.db.select().from(users).where(eq(users.email, 'real@example.com'))
    expect(
      await t.app.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, real!.id)),
    ).toEqual([])
    const { mail, token } = await lastMail(t.app, 'real@example.com')
    expect(mail?.subject).toBe('Reset your password')
    expect(token).toBeTruthy()
    expect((await lastMail(t.app, 'nobody@example.com')).count).toBe(0)
  })

  it('checks the reset link before anything else, and refuses a common password', async () => {
    // A bad link answers about the link even with a refused password: the link is checked first.
    const bad = await post(
      t,
      '/api/reset-password',
      { token: 'x'.repeat(40), password: 'password123' },
      '10.5.0.1',
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('This password reset link is not valid.')

    const user = await createUser(t.app, { email: 'resetter@example.com' })
    const link = await issueLink(t.app.db, 'http://localhost:8080', user.id, 'reset_password')
    const token = new URL(link).searchParams.get('token')!
    const common = await post(
      t,
      '/api/reset-password',
      { token, password: 'Password123' },
      '10.5.0.2',
    )
    expect(common.statusCode).toBe(400)
    expect(common.json().errors).toEqual({ password: [COMMON_PASSWORD] })
    // The link was not used up by the refusal.
    const ok = await post(
      t,
      '/api/reset-password',
      { token, password: 'a-strong-passphrase' },
      '10.5.0.2',
    )
    expect(ok.statusCode).toBe(200)
    expect((await login(t.app, 'resetter@example.com', 'a-strong-passphrase')).res.statusCode).toBe(
      200,
    )
  })

  it('throttles guesses at reset links per client', async () => {
    const codes: number[] = []
    for (let i = 0; i < 12; i++)
      codes.push(
        (
          await post(
            t,
            '/api/reset-password',
            { token: `guess-${i}-${'x'.repeat(30)}`, password: 'a-strong-passphrase' },
            '10.6.0.1',
          )
        ).statusCode,
      )
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true)
    expect(codes.slice(10)).toEqual([429, 429])
  })

  it('refuses common passwords at sign-up and creates nothing', async () => {
    const res = await post(
      t,
      '/api/register',
      { name: 'Weak', email: 'weak@example.com', password: 'iloveyou1', role: 'sender' },
      '10.7.0.1',
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      message: COMMON_PASSWORD,
      errors: { password: [COMMON_PASSWORD] },
    })
    expect(await t.app.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toEqual(
      [],
    )
  })
})

describe.each(backends)('mail links on %s', (backend) => {
  it('never take their origin from Host or X-Forwarded-Host, even behind a trusted proxy', async () => {
    const t = await createTestApp(backend, { TRUST_PROXY: 'true' })
    try {
      await createUser(t.app, { email: 'victim@example.com' })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'victim@example.com' },
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
      })
      expect(res.statusCode).toBe(200)
      const { mail } = await lastMail(t.app, 'victim@example.com')
      expect(mail?.text).toContain('http://localhost:8080/reset-password?token=')
      expect(mail?.text).not.toContain('evil.example')
    } finally {
      await t.close()
    }
  })

  it('use APP_ORIGIN when it is set', async () => {
    const t = await createTestApp(backend, { APP_ORIGIN: 'https://tote.example' })
    try {
      await createUser(t.app, { email: 'origin@example.com' })
      await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'origin@example.com' },
        headers: { host: 'evil.example' },
      })
      const { mail } = await lastMail(t.app, 'origin@example.com')
      expect(mail?.text).toContain('https://tote.example/reset-password?token=')
    } finally {
      await t.close()
    }
  })
})
