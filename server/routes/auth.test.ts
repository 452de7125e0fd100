import { eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oneTimeTokens, sessions, users } from '../db/schema'
import { issueLink } from '../services/one-time-links'
import {
  auth,
  backends,
  createTestApp,
  createUser,
  lastMail,
  login,
  TEST_JWT_SECRET,
  type TestApp,
} from '../testing/test-app'

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(() => t?.close())

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { accept_terms: true, ...payload },
    })
  const countUsers = async (email: string) =>
    (await t.app.db.select().from(users).where(eq(users.email, email))).length

  describe('register', () => {
    it('creates a sender, lower-cases the email and sends a verification link', async () => {
      const res = await register({
        name: ' Reg One ',
        email: 'Reg.One@Example.com',
        password: 'longenough1',
        role: 'sender',
      })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({
        success: true,
        data: { user: { name: 'Reg One', email: 'reg.one@example.com', role: 'sender' } },
      })
      const { mail, token } = await lastMail(t.app, 'reg.one@example.com')
      expect(mail?.subject).toBe('Verify your email address')
      expect(mail?.text).toMatch(/^[\s\S]*http:\/\/localhost:8080\/verify-email\?token=/)
      expect(token).toBeTruthy()
      const [row] = await t.app.db
        .select()
        .from(users)
        .where(eq(users.email, 'reg.one@example.com'))
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      // Only the hash of the link's token is stored.
      const stored = await t.app.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.userId, row!.id))
      expect(stored).toHaveLength(1)
      expect(stored[0]!.tokenHash).not.toBe(token)
    })

    it('answers a taken email exactly like a new one, changes nothing and mails the owner', async () => {
      const owner = await createUser(t.app, {
        email: 'dup@example.com',
        name: 'Dup Owner',
        role: 'deliverer',
      })
      const res = await register({
        name: 'Dup 2',
        email: 'DUP@example.com',
        password: 'other-pass-1',
        role: 'sender',
      })
      const fresh = await register({
        name: 'Dup 3',
        email: 'not-taken@example.com',
        password: 'other-pass-1',
        role: 'sender',
      })
      expect(res.statusCode).toBe(fresh.statusCode)
      expect(res.statusCode).toBe(201)
      const body = res.json()
      expect(body).toEqual({
        success: true,
        message: fresh.json().message,
        data: {
          user: { id: expect.any(String), name: 'Dup 2', email: 'dup@example.com', role: 'sender' },
        },
      })
      expect(body.data.user.id).not.toBe(owner.id)
      expect(await countUsers('dup@example.com')).toBe(1)
      const [row] = await t.app.db.select().from(users).where(eq(users.email, 'dup@example.com'))
      expect(row).toMatchObject({ name: 'Dup Owner', role: 'deliverer' })
      // The owner's password still works; the sign-up's does not.
      expect((await login(t.app, 'dup@example.com')).res.statusCode).toBe(200)
      expect((await login(t.app, 'dup@example.com', 'other-pass-1')).res.statusCode).toBe(401)
      const { mail, token } = await lastMail(t.app, 'dup@example.com')
      expect(mail?.subject).toBe('Someone tried to sign up with your email address')
      expect(mail?.text).toContain('http://localhost:8080/forgot-password')
      expect(token).toBeUndefined()
    })

    it('mails a fresh verification link when the taken address was never verified', async () => {
      await createUser(t.app, { email: 'unverified-dup@example.com', verified: false })
      const res = await register({
        name: 'Again',
        email: 'unverified-dup@example.com',
        password: 'other-pass-1',
        role: 'sender',
      })
      expect(res.statusCode).toBe(201)
      const { mail, token } = await lastMail(t.app, 'unverified-dup@example.com')
      expect(mail?.subject).toBe('Verify your email address')
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/verify-email',
        payload: { token },
      })
      expect(verified.statusCode).toBe(200)
    })

    it.each([
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ role: 'courier' }, 'role', 'Role must be sender or deliverer'],
      [{ role: 'admin' }, 'role', 'Role must be sender or deliverer'],
      [{ name: '' }, 'name', 'Name is required'],
    ])('answers 400 for %o with the contract message', async (patch, field, message) => {
      const email = `bad-${field}-${Math.random().toString(36).slice(2)}@example.com`
      const res = await register({
        name: 'Bad',
        email,
        password: 'longenough1',
        role: 'sender',
        ...patch,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: [message] } })
      expect(await countUsers(email)).toBe(0)
    })

    it('answers 400 envelope for a missing body', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/register' })
      expect(res.statusCode).toBe(400)
      expect(res.json().success).toBe(false)
    })
  })

  describe('verification and login', () => {
    it('blocks login until verified; the link works once', async () => {
      await register({
        name: 'Vera',
        email: 'vera@example.com',
        password: 'longenough1',
        role: 'deliverer',
      })
      const before = await login(t.app, 'vera@example.com', 'longenough1')
      expect(before.res.statusCode).toBe(403)
      expect(before.body.message).toBe('Please verify your email address before logging in.')

      const { token } = await lastMail(t.app, 'vera@example.com')
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/verify-email',
        payload: { token },
      })
      expect(ok.statusCode).toBe(200)
      // The address it verified, so the PWA opens the login with it filled in.
      expect(ok.json()).toEqual({
        success: true,
        message: 'Your email address has been verified.',
        data: { email: 'vera@example.com' },
      })
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/verify-email',
        payload: { token },
      })
      expect(again.statusCode).toBe(400)
      expect(again.json()).toMatchObject({
        success: false,
        message: 'This verification link has already been used.',
      })

      const after = await login(t.app, 'vera@example.com', 'longenough1')
      expect(after.res.statusCode).toBe(200)
      expect(after.body.data.user).toMatchObject({
        email: 'vera@example.com',
        role: 'deliverer',
        name: 'Vera',
      })
      expect(new Date(after.body.data.expires_at).getTime()).toBeGreaterThan(
        Date.now() + 6.9 * 24 * 3600e3,
      )
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/get-user-data',
        headers: auth(after.token),
      })
      expect(me.statusCode).toBe(200)
      expect(me.json().data).toMatchObject({ email: 'vera@example.com', phone: '', address: '' })
    })

    it('refuses an expired verification link', async () => {
      await register({
        name: 'Old',
        email: 'old@example.com',
        password: 'longenough1',
        role: 'sender',
      })
      const { token } = await lastMail(t.app, 'old@example.com')
      await t.app.db.execute(
        sql`update one_time_tokens set expires_at = now() - interval '1 minute'`,
      )
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/verify-email',
        payload: { token },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'This verification link has expired. Please request a new one.',
      )
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/verify-email',
        payload: { token: 'x'.repeat(43) },
      })
      expect(unknown.statusCode).toBe(400)
    })

    it('resend-verification always succeeds and mails only unverified accounts', async () => {
      await register({
        name: 'Re',
        email: 'resend@example.com',
        password: 'longenough1',
        role: 'sender',
      })
      const a = await t.app.inject({
        method: 'POST',
        url: '/api/resend-verification',
        payload: { email: 'resend@example.com' },
      })
      const b = await t.app.inject({
        method: 'POST',
        url: '/api/resend-verification',
        payload: { email: 'nobody@example.com' },
      })
      expect(a.statusCode).toBe(200)
      expect(b.json()).toEqual(a.json())
      expect((await lastMail(t.app, 'resend@example.com')).count).toBe(2)
      expect((await lastMail(t.app, 'nobody@example.com')).count).toBe(0)
    })

    it('answers 401 for a wrong password and an unknown email', async () => {
      await createUser(t.app, { email: 'wrong@example.com' })
      for (const [email, password] of [
        ['wrong@example.com', 'not-the-password'],
        ['ghost@example.com', 'password123'],
      ]) {
        const { res, body } = await login(t.app, email!, password)
        expect(res.statusCode).toBe(401)
        expect(body).toEqual({
          success: false,
          message: 'Invalid email or password',
          code: 'INVALID_CREDENTIALS',
        })
      }
    })

    it('answers 403 for a deactivated account', async () => {
      const u = await createUser(t.app, { email: 'inactive@example.com' })
      await t.app.db.update(users).set({ active: false }).where(eq(users.id, u.id))
      const { res, body } = await login(t.app, 'inactive@example.com')
      expect(res.statusCode).toBe(403)
      expect(body.message).toBe('This account has been deactivated.')
    })
  })

  describe('tokens and sessions', () => {
    it('logout revokes the session', async () => {
      await createUser(t.app, { email: 'out@example.com' })
      const { token } = await login(t.app, 'out@example.com')
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token) })
      expect(out.statusCode).toBe(200)
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/get-user-data',
        headers: auth(token),
      })
      expect(me.statusCode).toBe(401)
      expect(me.json()).toEqual({
        success: false,
        message: 'Unauthenticated',
        code: 'UNAUTHENTICATED',
      })
      const [s] = await t.app.db
        .select()
        .from(sessions)
        .where(sql`revoked_at is not null`)
      expect(s).toBeTruthy()
    })

    it('a deactivated user is signed out at once', async () => {
      const u = await createUser(t.app, { email: 'deact@example.com' })
      const { token } = await login(t.app, 'deact@example.com')
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers: auth(token) }))
          .statusCode,
      ).toBe(200)
      await t.app.db.update(users).set({ active: false }).where(eq(users.id, u.id))
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers: auth(token) }))
          .statusCode,
      ).toBe(401)
    })

    it('refuses missing, tampered, unsigned and foreign tokens', async () => {
      const u = await createUser(t.app, { email: 'forge@example.com' })
      const { token } = await login(t.app, 'forge@example.com')
      const [h, p, s] = token!.split('.')
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
      const other = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setJti(claims.jti)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another'))
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.id)
        .setJti(claims.jti)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET))
      const variants = {
        none: undefined,
        garbage: 'not.a.jwt',
        tampered: `${h}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${s}`,
        algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
        otherSecret: other,
        expired,
      }
      for (const [name, value] of Object.entries(variants)) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/get-user-data',
          headers: value === undefined ? {} : auth(value),
        })
        expect(res.statusCode, name).toBe(401)
        expect(res.json(), name).toEqual({
          success: false,
          message: 'Unauthenticated',
          code: 'UNAUTHENTICATED',
        })
      }
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers: auth(token) }))
          .statusCode,
      ).toBe(200)
    })
  })

  describe('passwords', () => {
    it('forgot-password answers the same for unknown emails and mails only real accounts', async () => {
      await createUser(t.app, { email: 'forgot@example.com' })
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'forgot@example.com' },
      })
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'nope@example.com' },
      })
      expect(known.statusCode).toBe(200)
      expect(unknown.statusCode).toBe(200)
      expect(unknown.json()).toEqual(known.json())
      expect((await lastMail(t.app, 'nope@example.com')).count).toBe(0)
      const { mail } = await lastMail(t.app, 'forgot@example.com')
      expect(mail?.text).toContain('/reset-password?token=')
    })

    it('reset-password works once and revokes existing sessions', async () => {
      await createUser(t.app, { email: 'reset@example.com' })
      const { token: session } = await login(t.app, 'reset@example.com')
      await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'reset@example.com' },
      })
      const { token } = await lastMail(t.app, 'reset@example.com')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password: 'brand-new-pass' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().success).toBe(true)
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password: 'another-pass-9' },
      })
      expect(reuse.statusCode).toBe(400)
      expect(reuse.json().message).toBe('This password reset link has already been used.')
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers: auth(session) }))
          .statusCode,
      ).toBe(401)
      expect((await login(t.app, 'reset@example.com')).res.statusCode).toBe(401)
      expect((await login(t.app, 'reset@example.com', 'brand-new-pass')).res.statusCode).toBe(200)
    })

    it('reset-password validates the new password', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token: 'x'.repeat(43), password: 'short' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors.password).toEqual(['Password must be at least 8 characters'])
    })

    it('set-password sets the password of an admin-made account and verifies its email', async () => {
      const [u] = await t.app.db
        .insert(users)
        .values({ email: 'invited@example.com', name: 'Invited', role: 'admin' })
        .returning()
      const link = await issueLink(t.app.db, 'http://tote.test', u!.id, 'set_password')
      expect(link).toMatch(/^http:\/\/tote\.test\/set-password\?token=/)
      const token = decodeURIComponent(new URL(link).searchParams.get('token')!)
      expect((await login(t.app, 'invited@example.com', 'chosen-pass-1')).res.statusCode).toBe(401)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/set-password',
        payload: { token, password: 'chosen-pass-1' },
      })
      expect(res.statusCode).toBe(200)
      const ok = await login(t.app, 'invited@example.com', 'chosen-pass-1')
      expect(ok.res.statusCode).toBe(200)
      expect(ok.body.data.user.role).toBe('admin')
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/set-password',
        payload: { token, password: 'chosen-pass-2' },
      })
      expect(reuse.statusCode).toBe(400)
    })
  })
})

describe.each(backends)('login rate limit on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(() => t?.close())

  it('answers 429 after 5 failures for one email, even with the right password', async () => {
    await createUser(t.app, { email: 'limited@example.com' })
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, 'limited@example.com', 'wrong-password')).res.statusCode).toBe(401)
    }
    const blocked = await login(t.app, 'limited@example.com', 'password123')
    expect(blocked.res.statusCode).toBe(429)
    expect(blocked.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many login attempts for this account. Please try again later.',
    })
    // Another account from the same address is not blocked yet.
    await createUser(t.app, { email: 'free@example.com' })
    expect((await login(t.app, 'free@example.com')).res.statusCode).toBe(200)
  })

  it('answers 429 after 20 failures from one address across emails', async () => {
    for (let i = 0; i < 15; i++) await login(t.app, `spray${i}@example.com`, 'wrong-password')
    const res = await login(t.app, 'free@example.com')
    expect(res.res.statusCode).toBe(429)
    expect(res.body.message).toBe(
      'Too many login attempts from this network. Please try again later.',
    )
  })
})
