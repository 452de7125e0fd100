import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_TERMS_VERSION } from '../../contract/legal'
import { ACCEPT_TERMS_REQUIRED } from '../../contract/terms'
import { termsAcceptances, users } from '../db/schema'
import { seedIfEmpty } from '../db/seed'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  payAndAccept,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, freshDatabase, type TestApp } from '../testing/test-app'

// Decision 044: sign-up records the accepted Terms of service and Privacy policy; a sender accepts
// the sender terms admins publish before paying, and again after admins change them.

describe.each(backends)('terms acceptance on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
  })
  afterAll(() => t?.close())

  const post = (user: TestUser | null, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: user ? bearer(user) : {} })
  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) })

  const acceptances = (userId: string, document: 'site' | 'sender') =>
    t.app.db
      .select()
      .from(termsAcceptances)
      .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.document, document)))

  describe('sign-up', () => {
    const registration = (email: string) => ({
      name: 'Tia Terms',
      email,
      password: 'a-strong-passphrase',
      role: 'sender',
    })

    it('refuses a sign-up without the terms accepted, with a field error, and creates nothing', async () => {
      for (const accept_terms of [undefined, false, 'yes']) {
        const res = await post(null, '/api/register', {
          ...registration('no-terms@example.com'),
          accept_terms,
        })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({
          success: false,
          code: 'VALIDATION_FAILED',
          errors: { accept_terms: [ACCEPT_TERMS_REQUIRED] },
        })
      }
      const rows = await t.app.db
        .select()
        .from(users)
        .where(eq(users.email, 'no-terms@example.com'))
      expect(rows).toEqual([])
    })

    it('keeps the version of the terms accepted and the time', async () => {
      const before = Date.now()
      const res = await post(null, '/api/register', {
        ...registration('with-terms@example.com'),
        accept_terms: true,
      })
      expect(res.statusCode).toBe(201)
      const [user] = await t.app.db
        .select()
        .from(users)
        .where(eq(users.email, 'with-terms@example.com'))
      const rows = await acceptances(user!.id, 'site')
      expect(rows).toHaveLength(1)
      expect(rows[0]!.version).toBe(SITE_TERMS_VERSION)
      expect(rows[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
      expect(rows[0]!.acceptedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    })
  })

  describe('sender terms before the first payment', () => {
    /** A sender with an approved request waiting for them. */
    async function awaitingSender() {
      const sender = await createUser(t.app, { role: 'sender' })
      const deliverer = await createUser(t.app, { role: 'deliverer' })
      const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
      const request = await createRequest(t.app, item.id, deliverer.id)
      await approveDelivery(t.app, item.id, request.id)
      return { sender, deliverer, itemId: item.id }
    }
    const intent = (c: Awaited<ReturnType<typeof awaitingSender>>) =>
      post(c.sender, '/api/create-payment-intent', {
        item_id: c.itemId,
        deliverer_id: c.deliverer.id,
      })

    it('lets a sender pay while admins have published no sender terms', async () => {
      const c = await awaitingSender()
      const terms = await get(c.sender, '/api/sender-terms')
      expect(terms.json().data).toEqual({ version: null, terms: [], accepted_at: null })
      expect((await intent(c)).statusCode).toBe(200)
    })

    it('refuses the payment until the sender accepts the current sender terms, and again after an admin changes them', async () => {
      const created = await post(admin, '/api/admin/terms', {
        title: 'Honest description',
        description: 'I describe my item truthfully.',
        role: 'sender',
      })
      expect(created.statusCode).toBe(201)
      const termId = created.json().data.id as string
      // The deliverers' terms are not the sender's to accept.
      await post(admin, '/api/admin/terms', {
        title: 'Carry with care',
        description: 'Keep it with you.',
        role: 'deliverer',
      })
      const c = await awaitingSender()

      const shown = await get(c.sender, '/api/sender-terms')
      expect(shown.statusCode).toBe(200)
      const first = shown.json().data
      expect(first).toMatchObject({
        terms: [
          {
            id: termId,
            title: 'Honest description',
            description: 'I describe my item truthfully.',
            role: 'sender',
          },
        ],
        accepted_at: null,
      })
      expect(first.version).toEqual(expect.any(String))

      const refused = await intent(c)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({
        success: false,
        code: 'SENDER_TERMS_NOT_ACCEPTED',
        message: 'Please accept the sender terms before paying',
      })

      const before = Date.now()
      const accepted = await post(c.sender, '/api/sender-terms/accept', { version: first.version })
      expect(accepted.statusCode).toBe(200)
      const at = accepted.json().data.accepted_at as string
      expect(accepted.json().data.version).toBe(first.version)
      expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000)
      // Accepting again keeps the first time.
      const again = await post(c.sender, '/api/sender-terms/accept', { version: first.version })
      expect(again.json().data.accepted_at).toBe(at)
      expect(await acceptances(c.sender.id, 'sender')).toHaveLength(1)
      expect((await get(c.sender, '/api/sender-terms')).json().data.accepted_at).toBe(at)

      expect((await intent(c)).statusCode).toBe(200)

      // Saving the same text is not a new version; changing it is.
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/terms/${termId}`,
        headers: bearer(admin),
        payload: {
          title: 'Honest description',
          description: 'I describe my item truthfully.',
          role: 'sender',
        },
      })
      expect((await get(c.sender, '/api/sender-terms')).json().data.version).toBe(first.version)
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/terms/${termId}`,
        headers: bearer(admin),
        payload: {
          title: 'Honest description',
          description: 'I describe my item truthfully, weight included.',
          role: 'sender',
        },
      })
      const later = (await get(c.sender, '/api/sender-terms')).json().data
      expect(later.version).not.toBe(first.version)
      expect(later.accepted_at).toBeNull()
      expect(later.terms[0].description).toBe('I describe my item truthfully, weight included.')

      // Another sender's next payment, and this one's, need the new version.
      const next = await awaitingSender()
      expect((await intent(next)).json().code).toBe('SENDER_TERMS_NOT_ACCEPTED')
      // The version read before the change is refused: read them again.
      const stale = await post(next.sender, '/api/sender-terms/accept', { version: first.version })
      expect(stale.statusCode).toBe(409)
      expect(stale.json()).toMatchObject({ code: 'SENDER_TERMS_CHANGED' })
      await post(next.sender, '/api/sender-terms/accept', { version: later.version })
      await payAndAccept(t.app, next.sender, {
        itemId: next.itemId,
        delivererId: next.deliverer.id,
      })
      // Both versions are kept: who accepted what, when.
      await post(c.sender, '/api/sender-terms/accept', { version: later.version })
      expect((await acceptances(c.sender.id, 'sender')).map((r) => r.version).sort()).toEqual(
        [first.version, later.version].sort(),
      )

      // Deleting the terms leaves nothing to accept.
      await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/terms/${termId}`,
        headers: bearer(admin),
      })
      expect((await get(c.sender, '/api/sender-terms')).json().data).toMatchObject({
        version: null,
        terms: [],
      })
    })

    it('is for senders: others get 403, a missing version 400', async () => {
      const deliverer = await createUser(t.app, { role: 'deliverer' })
      expect((await get(deliverer, '/api/sender-terms')).statusCode).toBe(403)
      expect((await post(deliverer, '/api/sender-terms/accept', { version: 'x' })).statusCode).toBe(
        403,
      )
      const sender = await createUser(t.app, { role: 'sender' })
      const missing = await post(sender, '/api/sender-terms/accept', {})
      expect(missing.statusCode).toBe(400)
      expect(missing.json().code).toBe('VALIDATION_FAILED')
    })
  })

  it('the demo seed: the demo sender already accepted the sender terms, the demo people the site terms', async () => {
    const { database, drop } = await freshDatabase(backend)
    try {
      await seedIfEmpty(database.db)
      const [sender] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'sender@example.com'))
      const rows = await database.db
        .select()
        .from(termsAcceptances)
        .where(eq(termsAcceptances.userId, sender!.id))
      expect(rows.map((r) => r.document).sort()).toEqual(['sender', 'site'])
      expect(rows.find((r) => r.document === 'site')?.version).toBe(SITE_TERMS_VERSION)
    } finally {
      await database.close()
      await drop()
    }
  })
})
