import { sign } from '@fastify/cookie'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, oneTimeTokens, users } from '../db/schema'
import { COMMON_PASSWORD } from '../services/common-passwords'
import { DEVICE_TOKEN_TTL_MS, deviceCookieKey, newDeviceToken } from '../services/device-tokens'
import { issueLink } from '../services/one-time-links'
import { LIMITS, TOO_MANY } from '../services/throttle'
import {
  backends,
  createTestApp,
  createUser,
  lastMail,
  login,
  TEST_JWT_SECRET,
  type TestApp,
} from '../testing/test-app'

const post = (
  t: TestApp,
  url: string,
  payload: unknown,
  remoteAddress = '127.0.0.1',
  cookie?: string,
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  })

/** A login from `remoteAddress`, sending `cookie` as a browser would. */
const loginFrom = (
  t: TestApp,
  email: string,
  password: string,
  remoteAddress: string,
  cookie?: string,
) => post(t, '/api/login', { email, password }, remoteAddress, cookie)

/** The `name=value` a browser sends back for the device cookie a login answer set. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const set = ([] as unknown[]).concat(res.headers['set-cookie'] ?? []).map(String)
  const device = set.find((c) => c.startsWith('tote_device_'))
  expect(device, 'device cookie').toBeTruthy()
  return device!.split(';')[0]!
}

/** A device cookie signed as the server signs them (HMAC with the key derived from JWT_SECRET). */
const forgedDeviceCookie = (name: string, payload: string, secret: Uint8Array | string) =>
  `${name}=${encodeURIComponent(sign(payload, typeof secret === 'string' ? secret : deviceCookieKey(secret)))}`

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
      code: 'RATE_LIMITED',
      message: 'Too many login attempts for this account. Please try again later.',
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
      code: 'RATE_LIMITED',
      message: 'Too many requests for this email address. Please wait a while and try again.',
    })
    // One client spraying many addresses: bounded by a ceiling sized for a shared network.
    const ceiling = LIMITS.accountCallsPerClient.limit
    const spray: number[] = []
    for (let i = 0; i < ceiling + 2; i++)
      spray.push(
        (await post(t, '/api/forgot-password', { email: `spray${i}@example.com` }, '10.2.0.1'))
          .statusCode,
      )
    expect(spray.slice(0, ceiling).every((c) => c === 200)).toBe(true)
    expect(spray.slice(ceiling)).toEqual([429, 429])
    const refused = await post(
      t,
      '/api/resend-verification',
      { email: 'new@example.com' },
      '10.2.0.1',
    )
    expect(refused.json()).toEqual({
      success: false,
      message: TOO_MANY.mailRequestsFromNetwork,
      code: 'RATE_LIMITED',
    })
  })

  it('lets 40 phones behind one address sign up, and still bounds that address', async () => {
    // Carrier-grade NAT, a campus, an office: many people, one public address.
    const codes: number[] = []
    for (let i = 0; i < 40; i++)
      codes.push(
        (
          await post(
            t,
            '/api/register',
            {
              name: `Phone ${i}`,
              email: `phone${i}@example.com`,
              password: 'a-strong-passphrase',
              role: 'sender',
              accept_terms: true,
            },
            '10.9.0.1',
          )
        ).statusCode,
      )
    expect(codes).toEqual(Array.from({ length: 40 }, () => 201))
    // Up to the ceiling (sign-ups refused for a common password count too, and cost no hashing).
    const ceiling = LIMITS.accountCallsPerClient.limit
    for (let i = 40; i < ceiling; i++) {
      const res = await post(
        t,
        '/api/register',
        {
          name: 'Bot',
          email: `bot${i}@example.com`,
          password: 'password123',
          role: 'sender',
          accept_terms: true,
        },
        '10.9.0.1',
      )
      expect(res.statusCode).toBe(400)
    }
    const over = await post(
      t,
      '/api/register',
      {
        name: 'Late',
        email: 'late@example.com',
        password: 'a-strong-passphrase',
        role: 'sender',
        accept_terms: true,
      },
      '10.9.0.1',
    )
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({
      success: false,
      message: TOO_MANY.signUpsFromNetwork,
      code: 'RATE_LIMITED',
    })
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    // Another network is not touched by it.
    const elsewhere = await post(
      t,
      '/api/register',
      {
        name: 'Else',
        email: 'else@example.com',
        password: 'a-strong-passphrase',
        role: 'sender',
        accept_terms: true,
      },
      '10.9.0.2',
    )
    expect(elsewhere.statusCode).toBe(201)
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
            accept_terms: true,
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
    const ceiling = LIMITS.passwordPerClient.limit
    const codes: number[] = []
    for (let i = 0; i < ceiling + 2; i++)
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
    expect(codes.slice(0, ceiling).every((c) => c === 400)).toBe(true)
    expect(codes.slice(ceiling)).toEqual([429, 429])
  })

  it("lets the owner's browser sign in while strangers lock the address out (device cookie)", async () => {
    await createUser(t.app, { email: 'owner@example.com', role: 'admin' })
    const first = await loginFrom(t, 'owner@example.com', 'password123', '10.10.0.1')
    expect(first.statusCode).toBe(200)
    const device = deviceCookieOf(first)

    // Someone elsewhere guesses: the address is locked for every unknown client.
    const guesses: number[] = []
    for (let i = 0; i < 6; i++)
      guesses.push((await loginFrom(t, 'owner@example.com', `guess-${i}`, '10.10.0.66')).statusCode)
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429])
    const stranger = await loginFrom(t, 'owner@example.com', 'password123', '10.10.0.67')
    expect(stranger.statusCode).toBe(429)
    expect(stranger.json().message).toBe(TOO_MANY.loginsForAccount)

    // The owner's browser, even from the attacker's own network, signs in.
    for (const ip of ['10.10.0.1', '10.10.0.66']) {
      const owner = await loginFrom(t, 'owner@example.com', 'password123', ip, device)
      expect(owner.statusCode, ip).toBe(200)
      expect(owner.json().data.token).toBeTruthy()
    }
    // ...and its sign-ins gave the strangers no fresh tries.
    expect((await loginFrom(t, 'owner@example.com', 'guess-x', '10.10.0.68')).statusCode).toBe(429)
  })

  it('sets the device cookie HttpOnly, SameSite=Strict, on the login path only', async () => {
    await createUser(t.app, { email: 'cookie@example.com' })
    const res = await loginFrom(t, 'cookie@example.com', 'password123', '10.11.0.1')
    expect(res.statusCode).toBe(200)
    const header = String(res.headers['set-cookie'])
    expect(header).toMatch(/^tote_device_[\w-]+=[^;]+;/)
    expect(header).toContain('; HttpOnly')
    expect(header).toContain('; SameSite=Strict')
    expect(header).toContain('; Path=/api/login')
    expect(header).toContain(`; Max-Age=${DEVICE_TOKEN_TTL_MS / 1000}`)
    // Plain http here: Secure would make the browser drop it (behind TLS it is set, see below).
    expect(header).not.toContain('Secure')
    // A wrong password sets nothing.
    const wrong = await loginFrom(t, 'cookie@example.com', 'wrong-password', '10.11.0.1')
    expect(wrong.headers['set-cookie']).toBeUndefined()
  })

  it("counts a device's own failures per device: a stolen cookie cannot brute-force either", async () => {
    await createUser(t.app, { email: 'stolen@example.com' })
    const device = deviceCookieOf(
      await loginFrom(t, 'stolen@example.com', 'password123', '10.12.0.1'),
    )
    const codes: number[] = []
    for (let i = 0; i < 6; i++)
      codes.push(
        (await loginFrom(t, 'stolen@example.com', `guess-${i}`, `10.12.1.${i}`, device)).statusCode,
      )
    expect(codes).toEqual([401, 401, 401, 401, 401, 429])
    const right = await loginFrom(t, 'stolen@example.com', 'password123', '10.12.0.1', device)
    expect(right.statusCode).toBe(429)
    expect(right.json().message).toBe(TOO_MANY.loginsFromDevice)
    // Parallel guesses with the cookie get no more verdicts than that.
    await createUser(t.app, { email: 'stolen2@example.com' })
    const device2 = deviceCookieOf(
      await loginFrom(t, 'stolen2@example.com', 'password123', '10.12.0.2'),
    )
    const raced = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        loginFrom(t, 'stolen2@example.com', `guess-${i}`, '10.12.0.2', device2),
      ),
    )
    expect(raced.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(5)
    // The device's failures are its own: the owner on another browser still signs in.
    expect((await loginFrom(t, 'stolen@example.com', 'password123', '10.12.0.9')).statusCode).toBe(
      200,
    )
  })

  it('trusts no forged, foreign, renamed or expired device cookie', async () => {
    const victim = await createUser(t.app, { email: 'victim2@example.com' })
    await createUser(t.app, { email: 'mallory@example.com' })
    const malloryDevice = deviceCookieOf(
      await loginFrom(t, 'mallory@example.com', 'password123', '10.13.0.66'),
    )
    for (let i = 0; i < 5; i++)
      await loginFrom(t, 'victim2@example.com', `guess-${i}`, '10.13.0.66')
    const victimName = `tote_device_${victim.id}`
    const now = Date.now()
    const cookies = {
      // Mallory's own device cookie, as it is and under the victim's cookie name.
      foreign: malloryDevice,
      renamed: `${victimName}=${malloryDevice.split('=')[1]}`,
      // The victim's account, signed with another key.
      forged: forgedDeviceCookie(victimName, newDeviceToken(victim.id), 'a-guessed-secret'),
      // The right key, but expired.
      expired: forgedDeviceCookie(
        victimName,
        newDeviceToken(victim.id, now - DEVICE_TOKEN_TTL_MS - 1000),
        new TextEncoder().encode(TEST_JWT_SECRET),
      ),
    }
    for (const [kind, cookie] of Object.entries(cookies)) {
      const res = await loginFrom(t, 'victim2@example.com', 'password123', '10.13.0.66', cookie)
      expect(res.statusCode, kind).toBe(429)
      expect(res.json().message, kind).toBe(TOO_MANY.loginsForAccount)
    }
    // The same making with the right key and a live expiry is trusted: the refusals above were
    // about the cookies, not about how this test makes them.
    const live = forgedDeviceCookie(
      victimName,
      newDeviceToken(victim.id),
      new TextEncoder().encode(TEST_JWT_SECRET),
    )
    expect(
      (await loginFrom(t, 'victim2@example.com', 'password123', '10.13.0.66', live)).statusCode,
    ).toBe(200)
  })

  it('refuses common passwords at sign-up and creates nothing', async () => {
    const res = await post(
      t,
      '/api/register',
      {
        name: 'Weak',
        email: 'weak@example.com',
        password: 'iloveyou1',
        role: 'sender',
        accept_terms: true,
      },
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

describe.each(backends)('device cookie behind a TLS proxy on %s', (backend) => {
  it('is Secure when the client came in over https', async () => {
    const t = await createTestApp(backend, { TRUST_PROXY: 'true' })
    try {
      await createUser(t.app, { email: 'tls@example.com' })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'tls@example.com', password: 'password123' },
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(res.statusCode).toBe(200)
      expect(String(res.headers['set-cookie'])).toContain('; Secure')
    } finally {
      await t.close()
    }
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
