import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, sessions, users } from '../../db/schema'
import { bearer, createUser, type TestUser } from '../../testing/fixtures'
import { backends, createTestApp, lastMail, login, type TestApp } from '../../testing/test-app'

describe.each(backends)('admin users and terms on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend, { APP_ORIGIN: 'https://tote.example' })
    admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' })
  })
  afterAll(() => t?.close())

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/admin/${url}`,
      headers: bearer(admin),
      ...(payload ? { payload } : {}),
    })

  it('creates a user of any role with a set-password mail, refusing duplicates', async () => {
    const res = await call('POST', 'users', {
      name: 'Olga Ops',
      email: ' Olga@Example.com ',
      role: 'admin',
    })
    expect(res.statusCode).toBe(201)
    const user = res.json().data.user
    expect(user).toMatchObject({
      name: 'Olga Ops',
      email: 'olga@example.com',
      role: 'admin',
      active: true,
      email_verified: false,
    })
    const { mail, token } = await lastMail(t.app, 'olga@example.com')
    expect(mail?.subject).toBe('Set your password')
    expect(mail?.text).toContain('https://tote.example/set-password?token=')
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/set-password',
      payload: { token, password: 'a-good-password' },
    })
    expect(set.statusCode).toBe(200)
    expect((await login(t.app, 'olga@example.com', 'a-good-password')).res.statusCode).toBe(200)

    const dup = await call('POST', 'users', {
      name: 'X',
      email: 'olga@example.com',
      role: 'sender',
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().message).toBe('An account with this email already exists')
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))
    expect(audits).toMatchObject([{ actorId: admin.id, action: 'user.created' }])
  })

  it('lists users with search, role and state filters', async () => {
    const s = await createUser(t.app, { role: 'sender', name: 'Zed Zebra_x' })
    const d = await createUser(t.app, { role: 'deliverer', name: 'Dora Deliverer' })
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, d.id))
    await t.app.db
      .insert(users)
      .values({ name: 'Una Unverified', email: 'una@example.com', role: 'sender' })

    const list = async (q: string) => (await call('GET', `users?${q}`)).json().data
    expect((await list('search=zebra_')).users.map((u: { id: string }) => u.id)).toEqual([s.id])
    expect((await list('search=zebra%25')).users).toEqual([])
    expect((await list('role=deliverer')).users.map((u: { id: string }) => u.id)).toEqual([d.id])
    expect((await list('state=inactive')).users.map((u: { id: string }) => u.id)).toEqual([d.id])
    const unverified = (await list('state=unverified')).users.map((u: { email: string }) => u.email)
    expect(unverified).toContain('una@example.com')
    expect(unverified).not.toContain(s.email)
    const active = await list('state=active&per_page=1&page=1')
    expect(active.users).toHaveLength(1)
    expect(active.pagination).toMatchObject({ current_page: 1, per_page: 1 })
    expect(active.pagination.total).toBeGreaterThanOrEqual(3)
    expect(active.users[0]).toMatchObject({ active: true, email_verified: true })
  })

  it('deactivation revokes every session at once; reactivation and role changes work', async () => {
    const d = await createUser(t.app, { role: 'deliverer' })
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-data',
      headers: bearer(d),
    })
    expect(before.statusCode).toBe(200)

    const res = await call('POST', 'update-user', { user_id: d.id, active: false })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'User updated' })
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-data',
      headers: bearer(d),
    })
    expect(after.statusCode).toBe(401)
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, d.id))
    expect(rows.every((r) => r.revokedAt)).toBe(true)

    expect(
      (await call('POST', 'update-user', { user_id: d.id, active: true, role: 'sender' }))
        .statusCode,
    ).toBe(200)
    const [row] = await t.app.db.select().from(users).where(eq(users.id, d.id))
    expect(row).toMatchObject({ active: true, role: 'sender' })
    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, d.id))).map(
      (a) => a.action,
    )
    expect(actions.sort()).toEqual(['user.deactivated', 'user.reactivated', 'user.role_changed'])

    const nothing = await call('POST', 'update-user', { user_id: d.id })
    expect(nothing.statusCode).toBe(400)
  })

  it('refuses to deactivate or demote yourself', async () => {
    for (const change of [{ active: false }, { role: 'sender' }]) {
      const res = await call('POST', 'update-user', { user_id: admin.id, ...change })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('You cannot deactivate or demote your own account')
    }
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: bearer(admin),
    })
    expect(still.statusCode).toBe(200)
    const other = await createUser(t.app, { role: 'admin' })
    const demoted = await call('POST', 'update-user', { user_id: other.id, role: 'deliverer' })
    expect(demoted.statusCode).toBe(200)
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: bearer(other),
    })
    expect(gone.statusCode).toBe(403)
  })

  it('creates, lists, updates and deletes agreements; user-consent follows', async () => {
    const deliverer = await createUser(t.app, { role: 'deliverer' })
    const consent = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/user-consent', headers: bearer(deliverer) })
      ).json().data
    const created = await call('POST', 'terms', {
      title: 'Carry safely',
      description: 'I carry the item with care.',
      role: 'deliverer',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      success: true,
      message: 'Agreement created',
      data: { title: 'Carry safely', role: 'deliverer' },
    })
    const id = created.json().data.id as string
    expect(await consent()).toEqual([
      { id, title: 'Carry safely', description: 'I carry the item with care.', role: 'deliverer' },
    ])
    expect((await call('GET', 'terms')).json().data).toHaveLength(1)

    const updated = await call('PUT', `terms/${id}`, {
      title: 'Carry with care',
      description: 'Handle fragile items gently.',
      role: 'deliverer',
    })
    expect(updated.json()).toMatchObject({
      message: 'Agreement updated',
      data: { id, title: 'Carry with care' },
    })
    expect((await consent())[0].title).toBe('Carry with care')

    const deleted = await call('DELETE', `terms/${id}`)
    expect(deleted.json()).toEqual({ success: true, message: 'Agreement deleted' })
    expect(await consent()).toEqual([])
    expect((await call('DELETE', `terms/${id}`)).statusCode).toBe(404)
    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map(
      (a) => a.action,
    )
    expect(actions.sort()).toEqual(['term.created', 'term.deleted', 'term.updated'])
  })
})
