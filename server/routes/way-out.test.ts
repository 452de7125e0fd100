import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, deliveryRequests, items } from '../db/schema'
import { acceptedDelivery, createUser, deliveryStep, type TestUser } from '../testing/fixtures'
import { byAccount, moneyFlows } from '../testing/money-flows'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// The way out before pickup (decision 042): the sender cancels an accepted item, or its deliverer
// withdraws; the other side is told why, the sender is refunded in full, the ledger balances.

describe.each(backends)('the way out before pickup on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
  })
  afterAll(() => t?.close())

  const { post, get, ledgerOf, expectBalanced } = moneyFlows(
    () => t,
    () => admin,
  )

  const accepted = () => acceptedDelivery(t.app)
  type Case = Awaited<ReturnType<typeof accepted>>
  const pickUp = (c: Case) => deliveryStep(t.app, c, 'in_process')
  const cancel = (c: Case, reason?: string) =>
    post(c.sender, '/api/cancel-item', { item_id: c.itemId, ...(reason ? { reason } : {}) })
  const withdraw = (c: Case, reason = 'My train was cancelled', who: TestUser = c.deliverer) =>
    post(who, '/api/withdraw-delivery', { item_id: c.itemId, reason })

  const itemRow = async (c: Case) =>
    (await t.app.db.select().from(items).where(eq(items.id, c.itemId)))[0]!
  const requestRow = async (c: Case) =>
    (await t.app.db.select().from(deliveryRequests).where(eq(deliveryRequests.id, c.requestId)))[0]!
  /** Cents per account of the item's ledger entries, once the queue has run. */
  async function moneyOf(c: Case) {
    await t.app.jobs.drain()
    return byAccount(await ledgerOf(c.itemId))
  }
  const refundedInFull = (c: Case) => ({
    [`sender_card:${c.sender.id}`]: 0,
    held: 0,
    refunds: 0,
  })
  const bellOf = async (user: TestUser) =>
    (await get(user, '/api/notifications')).json().data.notifications as {
      kind: string
      title: string
      body: string
    }[]

  describe('the sender cancels an accepted item', () => {
    it('with a reason: cancelled, refunded in full, the deliverer told why, audited', async () => {
      const c = await accepted()
      const res = await cancel(c, 'The recipient moved away')
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({
        message: 'Item cancelled',
        data: { item: { status: 'cancelled' } },
      })
      expect(await moneyOf(c)).toEqual(refundedInFull(c))
      const [told] = await bellOf(c.deliverer)
      expect(told).toMatchObject({ kind: 'delivery_cancelled' })
      expect(told?.body).toContain('The recipient moved away')
      const [audited] = await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, c.itemId))
        .orderBy(sql`${auditLog.at} desc`)
        .limit(1)
      expect(audited).toMatchObject({ action: 'item.cancel', reason: 'The recipient moved away' })
      // The deliverer can no longer pick it up.
      expect(await pickUp(c)).toBe(409)
      await expectBalanced()
    })

    it('refuses without a reason, changing nothing', async () => {
      const c = await accepted()
      for (const reason of [undefined, '   ']) {
        const res = await cancel(c, reason)
        expect(res.statusCode, res.body).toBe(400)
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
      }
      expect((await itemRow(c)).status).toBe('ready_to_pickup')
      expect(await moneyOf(c)).toEqual({ [`sender_card:${c.sender.id}`]: -2500, held: 2500 })
    })

    it('refuses once the item is picked up: a dispute or an admin refund is the way then', async () => {
      const c = await accepted()
      expect(await pickUp(c)).toBe(200)
      const res = await cancel(c, 'Changed my mind')
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({
        code: 'BAD_TRANSITION',
        message: 'This item can no longer be cancelled',
      })
      expect((await itemRow(c)).status).toBe('in_process')
      expect(await bellOf(c.deliverer)).not.toContainEqual(
        expect.objectContaining({ kind: 'delivery_cancelled' }),
      )
    })
  })

  describe('the deliverer withdraws', () => {
    it('gives the item back: open for offers again, the sender refunded in full and told why', async () => {
      const c = await accepted()
      const res = await withdraw(c)
      expect(res.statusCode, res.body).toBe(200)
      const item = await itemRow(c)
      expect(item).toMatchObject({ status: 'pending', currentRequestId: null })
      const request = await requestRow(c)
      expect(request.requestStatus).toBe('rejected')
      expect(request.withdrawnAt).toBeInstanceOf(Date)
      expect(await moneyOf(c)).toEqual(refundedInFull(c))
      const [told] = await bellOf(c.sender)
      expect(told).toMatchObject({ kind: 'deliverer_withdrew' })
      expect(told?.body).toContain('My train was cancelled')
      // Another deliverer finds it again and can ask to carry it.
      const other = await createUser(t.app, { role: 'deliverer' })
      expect((await get(other, `/api/item/${c.itemId}`)).statusCode).toBe(200)
      // The one who withdrew no longer carries it: no pickup, no second withdrawal.
      expect(await pickUp(c)).toBe(404)
      expect((await withdraw(c)).statusCode).toBe(404)
      await expectBalanced()
    })

    it('answers 404 to anyone but the accepted deliverer, 403 to a sender, 400 without a reason', async () => {
      const c = await accepted()
      const stranger = await createUser(t.app, { role: 'deliverer' })
      expect((await withdraw(c, 'x', stranger)).statusCode).toBe(404)
      expect((await withdraw(c, 'x', c.sender)).statusCode).toBe(403)
      const unknown = await post(c.deliverer, '/api/withdraw-delivery', {
        item_id: '00000000-0000-4000-8000-000000000000',
        reason: 'x',
      })
      expect(unknown.statusCode).toBe(404)
      for (const reason of ['', '  ', 'x'.repeat(501)]) {
        const res = await withdraw(c, reason)
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
      }
      expect((await itemRow(c)).status).toBe('ready_to_pickup')
      expect((await requestRow(c)).requestStatus).toBe('accepted')
    })

    it('refuses after pickup, changing nothing', async () => {
      const c = await accepted()
      expect(await pickUp(c)).toBe(200)
      const res = await withdraw(c)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'BAD_TRANSITION' })
      expect((await requestRow(c)).withdrawnAt).toBeNull()
      expect(await moneyOf(c)).toEqual({ [`sender_card:${c.sender.id}`]: -2500, held: 2500 })
    })
  })

  const refundsOf = (c: Case) =>
    t.database.rows(sql`select r.id from refunds r
      join payments p on p.id = r.payment_id where p.request_id = ${c.requestId}`)

  it('lets either a way out or the pickup sent at the same moment apply, never both', async () => {
    for (const wayOut of [(c: Case) => cancel(c, 'Not needed any more'), withdraw]) {
      for (let round = 0; round < 3; round++) {
        const c = await accepted()
        const [left, picked] = await Promise.all([wayOut(c), pickUp(c)])
        // The loser is refused: 409 (moved on) or 404 (no longer the deliverer's to pick up).
        const outcomes = [left.statusCode, picked]
        expect(
          outcomes.filter((s) => s === 200),
          left.body,
        ).toHaveLength(1)
        expect(outcomes.filter((s) => s === 404 || s === 409)).toHaveLength(1)
        const pickedUp = picked === 200
        expect(['in_process', 'pending', 'cancelled']).toContain((await itemRow(c)).status)
        expect((await itemRow(c)).status === 'in_process').toBe(pickedUp)
        expect(await moneyOf(c)).toEqual(
          pickedUp ? { [`sender_card:${c.sender.id}`]: -2500, held: 2500 } : refundedInFull(c),
        )
        expect(await refundsOf(c)).toHaveLength(pickedUp ? 0 : 1)
      }
    }
    await expectBalanced()
  })

  it('refunds once when the sender cancels as the deliverer withdraws', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await accepted()
      const [cancelled, withdrawn] = await Promise.all([cancel(c, 'Not needed'), withdraw(c)])
      // Withdrawn first, the item is pending again and the sender may still cancel it; cancelled
      // first, there is nothing left to withdraw from.
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect([200, 404, 409]).toContain(withdrawn.statusCode)
      expect((await itemRow(c)).status).toBe('cancelled')
      expect(await moneyOf(c)).toEqual(refundedInFull(c))
      expect(await refundsOf(c)).toHaveLength(1)
    }
    await expectBalanced()
  })
})
