import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema'
import { auth, backends, createTestApp, createUser, login, type TestApp } from '../testing/test-app'

describe.each(backends)('profile on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(() => t?.close())

  const update = (token: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/update-user', headers: auth(token), payload })

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/update-user',
      payload: { name: 'x' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({
      success: false,
      message: 'Unauthenticated',
      code: 'UNAUTHENTICATED',
    })
  })

  it('updates name, phone and address and keeps the password when it is empty or absent', async () => {
    const u = await createUser(t.app, { email: 'prof@example.com', role: 'deliverer' })
    const { token } = await login(t.app, 'prof@example.com')
    const before = (await t.app.db.select().from(users).where(eq(users.id, u.id)))[0]!.passwordHash

    const res = await update(token, {
      name: 'Pro File',
      phone: '+49 30 1234567',
      address: 'Unter den Linden 1, Berlin',
      password: '',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      data: {
        name: 'Pro File',
        phone: '+49 30 1234567',
        address: 'Unter den Linden 1, Berlin',
        role: 'deliverer',
      },
    })
    expect((await update(token, { name: 'Pro File' })).statusCode).toBe(200)
    const after = (await t.app.db.select().from(users).where(eq(users.id, u.id)))[0]!
    expect(after.passwordHash).toBe(before)
    expect(after.phone).toBe('')

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-data',
      headers: auth(token),
    })
    expect(me.json().data).toMatchObject({ name: 'Pro File', email: 'prof@example.com' })
    expect((await login(t.app, 'prof@example.com')).res.statusCode).toBe(200)
  })

  it('changes the password when one is given, and signs out other sessions only', async () => {
    await createUser(t.app, { email: 'pw@example.com' })
    const { token } = await login(t.app, 'pw@example.com')
    const { token: other } = await login(t.app, 'pw@example.com')
    const res = await update(token, {
      name: 'Pw',
      password: 'a-new-password',
      current_password: 'password123',
    })
    expect(res.statusCode).toBe(200)
    expect((await login(t.app, 'pw@example.com')).res.statusCode).toBe(401)
    expect((await login(t.app, 'pw@example.com', 'a-new-password')).res.statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers: auth(token) }))
        .statusCode,
    ).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers: auth(other) }))
        .statusCode,
    ).toBe(401)
  })

  it('needs the current password to choose a new one, and changes nothing without it', async () => {
    await createUser(t.app, { email: 'cur@example.com' })
    const { token } = await login(t.app, 'cur@example.com')
    const missing = await update(token, { name: 'Changed', password: 'a-new-password' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      message: 'Enter your current password to choose a new one',
      errors: { current_password: ['Enter your current password to choose a new one'] },
    })
    const wrong = await update(token, {
      name: 'Changed',
      password: 'a-new-password',
      current_password: 'not-my-password',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual({
      current_password: ['Your current password is not correct'],
    })
    expect((await login(t.app, 'cur@example.com')).res.statusCode).toBe(200)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-data',
      headers: auth(token),
    })
    expect(me.json().data.name).toBe('Test User')
  })

  it('says a 429 on the current password is about tries of the current password', async () => {
    await createUser(t.app, { email: 'tries@example.com' })
    const { token } = await login(t.app, 'tries@example.com')
    const codes: number[] = []
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await update(token, {
            name: 'T',
            password: 'a-new-password',
            current_password: `no-${i}`,
          })
        ).statusCode,
      )
    expect(codes).toEqual([400, 400, 400, 400, 400, 429])
    const refused = await update(token, {
      name: 'T',
      password: 'a-new-password',
      current_password: 'password123',
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many tries of the current password. Please wait a while and try again.',
    })
  })

  it('refuses a password from the 10 000 most common ones, in any letter case', async () => {
    await createUser(t.app, { email: 'common@example.com' })
    const { token } = await login(t.app, 'common@example.com')
    for (const password of ['iloveyou', 'Password123', 'qwertyuiop']) {
      const res = await update(token, { name: 'C', password, current_password: 'password123' })
      expect(res.statusCode, password).toBe(400)
      expect(res.json().errors, password).toEqual({
        password: [
          'This password is one of the most common ones and easy to guess. Please choose another.',
        ],
      })
    }
    expect((await login(t.app, 'common@example.com')).res.statusCode).toBe(200)
  })

  it('validates with the contract messages', async () => {
    await createUser(t.app, { email: 'val@example.com' })
    const { token } = await login(t.app, 'val@example.com')
    const short = await update(token, { name: 'Val', password: 'short' })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe('Password must be at least 8 characters')
    const phone = await update(token, { name: 'Val', phone: 'call me' })
    expect(phone.statusCode).toBe(400)
    expect(phone.json().errors).toEqual({
      phone: ['Phone may contain only digits, spaces and + ( ) . -'],
    })
  })
})
