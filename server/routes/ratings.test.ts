import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_STATUS, type ErrorCode } from '../../contract/error-codes'
import { ratingMessages } from '../../contract/rating-rules'
import { auditLog, items, notifications, ratings } from '../db/schema'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  handoffProof,
  multipart,
  payAndAccept,
  TINY_PDF,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// Double-blind ratings (issue 28, decision 039) through the real calls: one each, in the window,
// hidden from the other side until both are in or the window ends, an average from 3 visible
// ratings on, reports and an admin's hiding.

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>
const DAY = 24 * 3600_000

describe.each(backends)('ratings on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  let stranger: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { jobWorker: false })
    admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' })
    stranger = await createUser(t.app, { role: 'sender', name: 'Stan Stranger' })
  })
  afterAll(() => t?.close())

  const post = (user: TestUser, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(user) })
  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) })
  const rate = (user: TestUser, itemId: string, payload: unknown) =>
    post(user, `/api/items/${itemId}/rating`, payload)
  const ratingsOf = async (user: TestUser, itemId: string) => {
    const res = await get(user, `/api/items/${itemId}/ratings`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const refused = (res: Answer, code: ErrorCode, message?: string) => {
    expect(res.statusCode, res.body).toBe(ERROR_STATUS[code])
    expect(res.json()).toMatchObject({ success: false, code, ...(message ? { message } : {}) })
  }
  const storedRatings = async (itemId: string) =>
    t.app.db.select().from(ratings).where(eq(ratings.itemId, itemId))

  /** An item carried through the real calls: paid and accepted, then picked up and delivered. */
  async function deliveredThroughTheFlow() {
    const sender = await createUser(t.app, { role: 'sender', name: 'Sara Sender' })
    const deliverer = await createUser(t.app, { role: 'deliverer', name: 'Theo Traveller' })
    const rejected = await createUser(t.app, { role: 'deliverer' })
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    await createRequest(t.app, item.id, rejected.id, {
      deliveryApproval: 'approved',
      requestStatus: 'rejected',
    })
    const request = await createRequest(t.app, item.id, deliverer.id)
    await approveDelivery(t.app, item.id, request.id)
    await payAndAccept(t.app, sender, { itemId: item.id, delivererId: deliverer.id })
    const c = { sender, deliverer, rejected, itemId: item.id }
    const step = async (status: 'in_process' | 'delivered') => {
      const step = status === 'in_process' ? 'pickup' : 'delivery'
      // Before the delivery nobody may rate yet.
      refused(
        await rate(sender, item.id, { stars: 5 }),
        'RATING_NOT_OPEN',
        ratingMessages.notDelivered,
      )
      const body = await multipart(
        { item_id: item.id, status, ...(await handoffProof(t.app, sender, item.id, step)) },
        ...(status === 'delivered'
          ? [{ field: 'proof_of_delivery', filename: 'proof.pdf', content: TINY_PDF }]
          : []),
      )
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/update-delivery-status',
        headers: { ...bearer(deliverer), ...body.headers },
        payload: body.payload,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await step('in_process')
    await step('delivered')
    return c
  }

  /** A delivered item of `sender` carried by `deliverer`, written straight to the database. */
  async function delivered(sender: TestUser, deliverer: TestUser, deliveredAt = new Date()) {
    const item = await createItem(t.app, sender.id, {
      sendingApproval: 'approved',
      status: 'delivered',
      pickedUpAt: deliveredAt,
      deliveredAt,
    })
    const request = await createRequest(t.app, item.id, deliverer.id, {
      deliveryApproval: 'approved',
      requestStatus: 'accepted',
      acceptedAt: deliveredAt,
    })
    await t.app.db.update(items).set({ currentRequestId: request.id }).where(eq(items.id, item.id))
    return item.id
  }

  it('keeps both ratings blind until the second lands, and refuses what does not fit', async () => {
    const c = await deliveredThroughTheFlow()
    const empty = await ratingsOf(c.sender, c.itemId)
    expect(empty).toMatchObject({ mine: null, theirs: null, can_rate: true })
    expect(new Date(empty.closes_at).getTime()).toBeGreaterThan(Date.now() + 13.9 * DAY)

    const bad: [string, Answer, ErrorCode, string?][] = [
      [
        '0 stars',
        await rate(c.sender, c.itemId, { stars: 0 }),
        'VALIDATION_FAILED',
        ratingMessages.stars,
      ],
      [
        '6 stars',
        await rate(c.sender, c.itemId, { stars: 6 }),
        'VALIDATION_FAILED',
        ratingMessages.stars,
      ],
      [
        'half a star',
        await rate(c.sender, c.itemId, { stars: 4.5 }),
        'VALIDATION_FAILED',
        ratingMessages.stars,
      ],
      [
        'stars as text',
        await rate(c.sender, c.itemId, { stars: '5' }),
        'VALIDATION_FAILED',
        ratingMessages.stars,
      ],
      [
        'no stars',
        await rate(c.sender, c.itemId, { comment: 'Great' }),
        'VALIDATION_FAILED',
        ratingMessages.stars,
      ],
      [
        'a comment too long',
        await rate(c.sender, c.itemId, { stars: 5, comment: 'x'.repeat(501) }),
        'VALIDATION_FAILED',
        ratingMessages.commentTooLong,
      ],
      [
        'NUL',
        await rate(c.sender, c.itemId, { stars: 5, comment: 'a\u0000b' }),
        'VALIDATION_FAILED',
      ],
      ['a stranger', await rate(stranger, c.itemId, { stars: 1 }), 'ITEM_NOT_FOUND'],
      ['the rejected deliverer', await rate(c.rejected, c.itemId, { stars: 1 }), 'ITEM_NOT_FOUND'],
      ['an admin', await rate(admin, c.itemId, { stars: 5 }), 'ITEM_NOT_FOUND'],
      [
        'a stranger reading',
        await get(stranger, `/api/items/${c.itemId}/ratings`),
        'ITEM_NOT_FOUND',
      ],
      ['an admin reading', await get(admin, `/api/items/${c.itemId}/ratings`), 'ITEM_NOT_FOUND'],
    ]
    for (const [what, res, code, message] of bad) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(ERROR_STATUS[code])
      expect(res.json().code, what).toBe(code)
      if (message) expect(res.json().message, what).toBe(message)
    }
    expect(await storedRatings(c.itemId)).toEqual([])

    // The sender rates first: they see theirs, the deliverer sees nothing of it.
    const first = await rate(c.sender, c.itemId, { stars: 5, comment: '  Careful and on time.  ' })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().data.rating).toMatchObject({
      stars: 5,
      comment: 'Careful and on time.',
      by: 'sender',
      hidden: false,
    })
    expect(await ratingsOf(c.sender, c.itemId)).toMatchObject({
      mine: { stars: 5 },
      theirs: null,
      can_rate: false,
    })
    expect(await ratingsOf(c.deliverer, c.itemId)).toMatchObject({
      mine: null,
      theirs: null,
      can_rate: true,
    })

    // No second rating, no edit: 409 and the first stays as it was.
    refused(await rate(c.sender, c.itemId, { stars: 1 }), 'ALREADY_RATED', ratingMessages.already)
    expect((await storedRatings(c.itemId)).map((r) => r.stars)).toEqual([5])

    // The moment the second lands, both see both.
    const second = await rate(c.deliverer, c.itemId, { stars: 4 })
    expect(second.statusCode).toBe(201)
    expect(second.json().data.rating).toMatchObject({ stars: 4, comment: null, by: 'deliverer' })
    expect(await ratingsOf(c.sender, c.itemId)).toMatchObject({
      mine: { stars: 5, by: 'sender' },
      theirs: { stars: 4, by: 'deliverer', comment: null },
    })
    expect(await ratingsOf(c.deliverer, c.itemId)).toMatchObject({
      mine: { stars: 4 },
      theirs: { stars: 5, comment: 'Careful and on time.' },
      can_rate: false,
    })
    refused(await rate(c.deliverer, c.itemId, { stars: 5 }), 'ALREADY_RATED')
  })

  it('shows the one rating when the window ends, and refuses ratings after it', async () => {
    const sender = await createUser(t.app, { role: 'sender' })
    const deliverer = await createUser(t.app, { role: 'deliverer' })
    const itemId = await delivered(sender, deliverer)
    expect(
      (await rate(deliverer, itemId, { stars: 3, comment: 'Late to the door' })).statusCode,
    ).toBe(201)
    expect((await ratingsOf(sender, itemId)).theirs).toBeNull()

    // Thirteen days later: still blind, still open.
    await t.database.rows(
      sql`update items set delivered_at = now() - interval '13 days 23 hours' where id = ${itemId}`,
    )
    expect(await ratingsOf(sender, itemId)).toMatchObject({ theirs: null, can_rate: true })

    // Fourteen days after the delivery the window ends: the rating shows, nobody may rate.
    await t.database.rows(
      sql`update items set delivered_at = now() - interval '14 days 1 minute' where id = ${itemId}`,
    )
    expect(await ratingsOf(sender, itemId)).toMatchObject({
      mine: null,
      theirs: { stars: 3, comment: 'Late to the door', by: 'deliverer' },
      can_rate: false,
    })
    refused(
      await rate(sender, itemId, { stars: 5 }),
      'RATING_WINDOW_CLOSED',
      ratingMessages.windowClosed,
    )
    expect(await storedRatings(itemId)).toHaveLength(1)
  })

  it('shows an average from three visible ratings on, without hidden ones', async () => {
    const deliverer = await createUser(t.app, { role: 'deliverer', name: 'Rated Deliverer' })
    const senders = await Promise.all([1, 2, 3, 4].map(() => createUser(t.app, { role: 'sender' })))
    const itemIds = await Promise.all(senders.map((s) => delivered(s, deliverer)))
    // A new item of a fifth sender, whose request from this deliverer waits for the sender.
    const reviewer = await createUser(t.app, { role: 'sender' })
    const next = await createItem(t.app, reviewer.id, { sendingApproval: 'approved' })
    const nextRequest = await createRequest(t.app, next.id, deliverer.id)
    await approveDelivery(t.app, next.id, nextRequest.id)
    const reviewed = async () =>
      (await get(reviewer, `/api/items/${next.id}`)).json().data.item.deliverer_rating
    const inAdminUsers = async () =>
      (await get(admin, `/api/admin/users?search=${encodeURIComponent('Rated Deliverer')}`))
        .json()
        .data.users.find((u: { id: string }) => u.id === deliverer.id).rating

    const [s1, s2, s3, s4] = senders as [TestUser, TestUser, TestUser, TestUser]
    const [i1, i2, i3, i4] = itemIds as [string, string, string, string]
    // Two revealed (both sides rated) and one still blind: two visible, no average yet.
    for (const [s, itemId, stars] of [
      [s1, i1, 5],
      [s2, i2, 4],
    ] as const) {
      expect((await rate(s, itemId, { stars })).statusCode).toBe(201)
      expect((await rate(deliverer, itemId, { stars: 5 })).statusCode).toBe(201)
    }
    expect((await rate(s3, i3, { stars: 4 })).statusCode).toBe(201)
    expect(await reviewed()).toBeNull()
    expect(await inAdminUsers()).toBeNull()

    // The third is revealed when its window ends: 5, 4, 4.
    await t.database.rows(
      sql`update items set delivered_at = now() - interval '15 days' where id = ${i3}`,
    )
    expect(await reviewed()).toEqual({ average: 4.3, count: 3 })
    expect(await inAdminUsers()).toEqual({ average: 4.3, count: 3 })
    // The deliverer considering an item of s1 sees s1's record: one rating, so none.
    const s1Item = await createItem(t.app, s1.id, { sendingApproval: 'approved' })
    const seen = await get(deliverer, `/api/item/${s1Item.id}`)
    expect(seen.json().data.sender_rating).toBeNull()

    // s4 reports nothing yet unseen: their own rating only, the deliverer's is still blind.
    expect((await rate(s4, i4, { stars: 1, comment: 'Rude' })).statusCode).toBe(201)
    expect((await rate(deliverer, i4, { stars: 2 })).statusCode).toBe(201)
    expect(await reviewed()).toEqual({ average: 3.5, count: 4 })

    // The deliverer reports the 1 star; a second report is refused; admins are told.
    const [rude] = await storedRatings(i4).then((rs) => rs.filter((r) => r.raterId === s4.id))
    const reportUrl = `/api/ratings/${rude!.id}/report`
    refused(await post(stranger, reportUrl, { reason: 'Unfair' }), 'RATING_NOT_FOUND')
    refused(await post(admin, reportUrl, { reason: 'Unfair' }), 'RATING_NOT_FOUND')
    refused(await post(deliverer, reportUrl, { reason: '  ' }), 'VALIDATION_FAILED')
    const reported = await post(deliverer, reportUrl, {
      reason: 'The item arrived on time; unfair.',
    })
    expect(reported.statusCode, reported.body).toBe(200)
    refused(await post(deliverer, reportUrl, { reason: 'Again' }), 'ALREADY_REPORTED')
    const told = await t.app.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'rating_reported')))
    expect(Number(told[0]?.n)).toBe(1)
    const list = (await get(admin, '/api/admin/ratings')).json().data
    expect(list.ratings[0]).toMatchObject({
      id: rude!.id,
      comment: 'Rude',
      revealed: true,
      hidden: false,
      rater: { id: s4.id },
      ratee: { id: deliverer.id, name: 'Rated Deliverer' },
      reports: [{ by: { id: deliverer.id }, reason: 'The item arrived on time; unfair.' }],
    })

    // An admin hides it, with a reason (audited): it leaves the average, its comment is gone.
    refused(await post(admin, `/api/admin/ratings/${rude!.id}/hide`, {}), 'VALIDATION_FAILED')
    refused(
      await post(deliverer, `/api/admin/ratings/${rude!.id}/hide`, { reason: 'x' }),
      'FORBIDDEN',
    )
    const hidden = await post(admin, `/api/admin/ratings/${rude!.id}/hide`, {
      reason: 'Not about the delivery',
    })
    expect(hidden.statusCode, hidden.body).toBe(200)
    refused(
      await post(admin, `/api/admin/ratings/${rude!.id}/hide`, { reason: 'Again' }),
      'CONFLICT',
    )
    refused(
      await post(admin, '/api/admin/ratings/00000000-0000-4000-8000-000000000000/hide', {
        reason: 'x',
      }),
      'RATING_NOT_FOUND',
    )
    expect(await reviewed()).toEqual({ average: 4.3, count: 3 })
    expect((await ratingsOf(deliverer, i4)).theirs).toMatchObject({
      stars: 1,
      comment: null,
      hidden: true,
    })
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'rating'), eq(auditLog.targetId, rude!.id)))
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'rating.hide',
      reason: 'Not about the delivery',
    })
    // Admins still read what was hidden.
    const byItem = (await get(admin, `/api/admin/ratings?item_id=${i4}`)).json().data.ratings
    expect(byItem.find((r: { id: string }) => r.id === rude!.id)).toMatchObject({
      comment: 'Rude',
      hidden: true,
      hidden_reason: 'Not about the delivery',
    })
  })

  it("shows the sender's record to the deliverers who consider their item, and to admins", async () => {
    const sender = await createUser(t.app, { role: 'sender', name: 'Rated Sender' })
    const carriers = await Promise.all(
      [1, 2, 3].map(() => createUser(t.app, { role: 'deliverer' })),
    )
    // Three deliveries whose windows ended: each deliverer's rating of the sender is revealed.
    const long = new Date(Date.now() - 15 * DAY)
    const done = await Promise.all(carriers.map((d) => delivered(sender, d, long)))
    const next = await createItem(t.app, sender.id, {
      sendingApproval: 'approved',
      name: 'Rated sender parcel',
    })
    const considering = await createUser(t.app, { role: 'deliverer' })
    const record = async () =>
      (await get(considering, `/api/item/${next.id}`)).json().data.sender_rating
    // Inserted as stored before the window ended (the POST is closed by now).
    const rateSender = (i: number, stars: number) =>
      t.app.db.insert(ratings).values({
        itemId: done[i]!,
        requestId: sql`(select current_request_id from items where id = ${done[i]!})`,
        raterId: carriers[i]!.id,
        rateeId: sender.id,
        raterRole: 'deliverer',
        stars,
      })
    await rateSender(0, 5)
    await rateSender(1, 3)
    expect(await record()).toBeNull()
    await rateSender(2, 4)
    expect(await record()).toEqual({ average: 4, count: 3 })
    const adminItem = (
      await get(admin, `/api/admin/items?search=${encodeURIComponent('Rated sender parcel')}`)
    )
      .json()
      .data.items.find((i: { id: string }) => i.id === next.id)
    expect(adminItem?.sender_rating).toEqual({ average: 4, count: 3 })
  })

  it('stores a rating sent again with its Idempotency-Key once, and answers the first 201', async () => {
    const sender = await createUser(t.app, { role: 'sender' })
    const deliverer = await createUser(t.app, { role: 'deliverer' })
    const itemId = await delivered(sender, deliverer)
    const send = (stars: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/items/${itemId}/rating`,
        payload: { stars, comment: 'Quick and kind' },
        headers: { ...bearer(deliverer), 'idempotency-key': 'outbox-rating-1' },
      })
    const first = await send(4)
    expect(first.statusCode, first.body).toBe(201)
    // The outbox replays it (the answer was lost): the same 201, not ALREADY_RATED.
    const again = await send(4)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().data.rating.id).toBe(first.json().data.rating.id)
    // The same key with other stars is refused, and the stored rating is the first.
    refused(await send(1), 'IDEMPOTENCY_KEY_REUSED')
    expect((await storedRatings(itemId)).map((r) => r.stars)).toEqual([4])
  })

  it('refuses a report of a rating not yet revealed, as if it did not exist', async () => {
    const sender = await createUser(t.app, { role: 'sender' })
    const deliverer = await createUser(t.app, { role: 'deliverer' })
    const itemId = await delivered(sender, deliverer, new Date(Date.now() - DAY))
    expect((await rate(sender, itemId, { stars: 2 })).statusCode).toBe(201)
    const [row] = await storedRatings(itemId)
    // The deliverer cannot know of it before it is revealed.
    refused(
      await post(deliverer, `/api/ratings/${row!.id}/report`, { reason: 'x' }),
      'RATING_NOT_FOUND',
    )
    refused(
      await post(deliverer, `/api/ratings/not-an-id/report`, { reason: 'x' }),
      'RATING_NOT_FOUND',
    )
  })
})
