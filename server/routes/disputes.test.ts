import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delivererAccount, PLATFORM_FEES, post as postLedger } from '../services/payments/ledger'
import { releaseHeld } from '../services/payments/releases'
import { bearer, createUser, multipart, TINY_PNG, type TestUser } from '../testing/fixtures'
import { byAccount, moneyFlows } from '../testing/money-flows'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// Disputes and refunds at any time (decision 040) through the real calls: a sender's dispute holds
// the release until an admin resolves it once, each way; an admin refunds part or all of a payment
// before or after the release; the ledger stays balanced and nothing is paid twice.

describe.each(backends)('disputes and refunds on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
  })
  afterAll(() => t?.close())
  const f = moneyFlows(
    () => t,
    () => admin,
  )
  const { post, get } = f

  const dispute = (user: TestUser, itemId: string, reason = 'The vase arrived broken') =>
    post(user, `/api/items/${itemId}/dispute`, { reason })
  const resolve = (itemId: string, body: object) =>
    post(admin, `/api/admin/disputes/${itemId}/resolve`, body)
  const refund = (itemId: string, amount: unknown, reason = 'Goodwill') =>
    post(admin, '/api/admin/refunds', { item_id: itemId, amount, reason })
  const disputesQueue = async (status = 'open') => {
    const res = await get(admin, `/api/admin/disputes?status=${status}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.disputes as {
      item_id: string
      reason: string
      status: string
      files: { side: string; kind: string; url: string }[]
      timeline: { step: string }[]
      refundable: number
      outcome: string | null
    }[]
  }

  it('holds the release while a dispute is open; resolved release pays the deliverer once and tells both', async () => {
    const c = await f.deliveredCase('25.00')
    const mine = `deliverer:${c.deliverer.id}`
    const stranger = await createUser(t.app, { role: 'sender' })
    for (const who of [c.deliverer, stranger, admin]) {
      const res = await dispute(who, c.itemId)
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('ITEM_NOT_FOUND')
    }
    const empty = await dispute(c.sender, c.itemId, '   ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.reason).toBeDefined()
    expect((await dispute(c.sender, c.itemId, 'x'.repeat(2001))).statusCode).toBe(400)

    const view = async (user: TestUser) => {
      const res = await get(user, `/api/items/${c.itemId}/dispute`)
      expect(res.statusCode, res.body).toBe(user === c.sender ? 200 : 404)
      return res
    }
    await view(c.deliverer)
    expect((await view(c.sender)).json().data).toMatchObject({
      can_open: true,
      window_ends_at: expect.any(String),
      dispute: null,
    })
    const opened = await dispute(c.sender, c.itemId)
    expect(opened.statusCode, opened.body).toBe(201)
    expect(opened.json().data.dispute).toMatchObject({ item_id: c.itemId, status: 'open' })
    expect((await view(c.sender)).json().data).toMatchObject({
      can_open: false,
      dispute: { status: 'open', reason: 'The vase arrived broken', outcome: null },
    })
    const again = await dispute(c.sender, c.itemId)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('ALREADY_DISPUTED')

    // The hold passes: the job does not pay, nor does a direct release.
    await f.holdPasses(c.requestId)
    expect(byAccount(await f.ledgerOf(c.itemId)).held).toBe(2500)
    expect(
      await releaseHeld(t.app.db, t.app.notifier, t.app.config.money, c.requestId),
    ).toMatchObject({ released: false, why: 'disputed' })
    expect(await f.kindsOf(c.deliverer)).toContain('dispute_opened')
    expect(await f.kindsOf(admin)).toContain('dispute_to_review')

    const [queued] = (await disputesQueue()).filter((d) => d.item_id === c.itemId)
    expect(queued).toMatchObject({
      reason: 'The vase arrived broken',
      status: 'open',
      refundable: 25,
      outcome: null,
    })
    expect(queued!.timeline.map((s) => s.step)).toEqual([
      'accepted',
      'picked_up',
      'delivered',
      'disputed',
    ])
    expect(queued!.files).toContainEqual(
      expect.objectContaining({ side: 'deliverer', kind: 'proof_of_delivery' }),
    )

    const done = await resolve(c.itemId, { outcome: 'release', note: 'Packed well; courier fine' })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data.dispute).toMatchObject({ status: 'resolved', outcome: 'release' })
    expect(byAccount(await f.ledgerOf(c.itemId))).toMatchObject({
      held: 0,
      [mine]: 2250,
      platform_fees: 250,
    })
    const twice = await resolve(c.itemId, { outcome: 'release', note: 'again' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('DISPUTE_ALREADY_RESOLVED')
    expect(await f.kindsOf(c.sender)).toContain('dispute_resolved')
    expect(await f.kindsOf(c.deliverer)).toContain('dispute_resolved')
    // Released once: the job's later run changes nothing.
    await f.holdPasses(c.requestId)
    expect(byAccount(await f.ledgerOf(c.itemId))[mine]).toBe(2250)
    expect((await disputesQueue()).some((d) => d.item_id === c.itemId)).toBe(false)
    expect((await disputesQueue('resolved')).some((d) => d.item_id === c.itemId)).toBe(true)
    await f.expectBalanced()
  })

  it('refuses a dispute before delivery and after the hold; takes a file by the proofs’ rules', async () => {
    const early = await f.awaitingSender()
    expect(await f.pay(early)).toBe(200)
    expect((await f.answer(early, 'accepted')).statusCode).toBe(200)
    const before = await dispute(early.sender, early.itemId)
    expect(before.statusCode).toBe(409)
    expect(before.json().code).toBe('DISPUTE_NOT_DELIVERED')

    const late = await f.deliveredCase()
    await f.holdPasses(late.requestId)
    const after = await dispute(late.sender, late.itemId)
    expect(after.statusCode).toBe(409)
    expect(after.json().code).toBe('DISPUTE_WINDOW_CLOSED')

    const c = await f.deliveredCase()
    const send = async (filename: string, content: Buffer) => {
      const body = await multipart(
        { reason: 'Scratched lid' },
        { field: 'file', filename, content },
      )
      return t.app.inject({
        method: 'POST',
        url: `/api/items/${c.itemId}/dispute`,
        headers: { ...bearer(c.sender), ...body.headers },
        payload: body.payload,
      })
    }
    const wrong = await send('photo.png', Buffer.from('not an image at all'))
    expect(wrong.statusCode).toBe(415)
    const [none] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from disputes where item_id = ${c.itemId}`,
    )
    expect(none?.n).toBe(0)
    const ok = await send('photo.png', TINY_PNG)
    expect(ok.statusCode, ok.body).toBe(201)
    const [queued] = (await disputesQueue()).filter((d) => d.item_id === c.itemId)
    expect(queued!.files).toContainEqual(
      expect.objectContaining({ side: 'sender', kind: 'dispute_file' }),
    )
    const file = await get(admin, queued!.files.find((x) => x.kind === 'dispute_file')!.url)
    expect(file.statusCode).toBe(200)
  })

  it('resolves a dispute with a partial refund: the rest released less the fee on what was paid', async () => {
    const c = await f.deliveredCase('25.00')
    expect((await dispute(c.sender, c.itemId)).statusCode).toBe(201)
    const missing = await resolve(c.itemId, { outcome: 'refund', note: 'half broken' })
    expect(missing.statusCode).toBe(400)
    const tooMuch = await resolve(c.itemId, {
      outcome: 'refund',
      refund_amount: 25.01,
      note: 'too much',
    })
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json().code).toBe('REFUND_EXCEEDS_REMAINING')
    const zero = await resolve(c.itemId, { outcome: 'refund', refund_amount: 0, note: 'zero' })
    expect(zero.statusCode).toBe(400)

    const done = await resolve(c.itemId, {
      outcome: 'refund',
      refund_amount: 10,
      note: 'Lid broken',
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data.dispute).toMatchObject({ outcome: 'refund', refund_amount: 10 })
    await t.app.jobs.drain()
    // $15 finally paid: $1.50 to Tote, $13.50 to the deliverer; $10 back on the card.
    expect(byAccount(await f.ledgerOf(c.itemId))).toEqual({
      [`sender_card:${c.sender.id}`]: -1500,
      held: 0,
      refunds: 0,
      [`deliverer:${c.deliverer.id}`]: 1350,
      platform_fees: 150,
    })
    const receipts = (await get(c.sender, '/api/receipts')).json().data
    const receipt = (receipts.receipts ?? receipts).find(
      (r: { item_id: string }) => r.item_id === c.itemId,
    )
    expect(receipt).toMatchObject({ amount: 25, refunded_amount: 10 })
    await f.expectBalanced()
  })

  it('refunds in parts before the release, never above what is left, and releases the rest', async () => {
    const c = await f.deliveredCase('25.00')
    expect(
      (await post(c.sender, '/api/admin/refunds', { item_id: c.itemId, amount: 1 })).statusCode,
    ).toBe(403)
    for (const bad of [-5, 0, 'ten', null, 0.001]) {
      const res = await refund(c.itemId, bad)
      expect(res.statusCode, `${String(bad)}`).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
    expect((await refund('00000000-0000-4000-8000-000000000000', 5)).json().code).toBe(
      'ITEM_NOT_FOUND',
    )
    const first = await refund(c.itemId, 5)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().data.refund).toMatchObject({
      amount: 5,
      after_release: false,
      refundable: 20,
    })
    const above = await refund(c.itemId, 20.01)
    expect(above.statusCode).toBe(409)
    expect(above.json()).toMatchObject({
      code: 'REFUND_EXCEEDS_REMAINING',
      message: 'At most $20.00 is left to refund',
    })
    expect((await refund(c.itemId, 5)).statusCode).toBe(201)
    await t.app.jobs.drain()
    expect(await f.kindsOf(c.sender)).toContain('refund_issued')
    await f.holdPasses(c.requestId)
    // $15 paid in the end: $13.50 to the deliverer, $1.50 fee.
    expect(byAccount(await f.ledgerOf(c.itemId))).toMatchObject({
      held: 0,
      [`deliverer:${c.deliverer.id}`]: 1350,
      platform_fees: 150,
      [`sender_card:${c.sender.id}`]: -1500,
    })
    const [audited] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'payment.refund'
        and target_id = ${c.itemId} and actor_id = ${admin.id}`,
    )
    expect(audited?.n).toBe(2)
    await f.expectBalanced()
  })

  it('after the release takes the deliverer’s share back first; what was paid out becomes a negative balance', async () => {
    const c = await f.deliveredCase('25.00')
    const mine = `deliverer:${c.deliverer.id}`
    await f.holdPasses(c.requestId)
    const part = await refund(c.itemId, 10)
    expect(part.statusCode, part.body).toBe(201)
    expect(part.json().data.refund).toMatchObject({ after_release: true, refundable: 15 })
    await t.app.jobs.drain()
    expect(byAccount(await f.ledgerOf(c.itemId))).toMatchObject({
      held: 0,
      refunds: 0,
      [mine]: 1350,
      platform_fees: 150,
      [`sender_card:${c.sender.id}`]: -1500,
    })
    expect(await f.kindsOf(c.deliverer)).toContain('refund_issued')

    // The deliverer's $13.50 goes out to their bank (a payout: a stand-in posting until the
    // payouts module lands), then the rest is refunded: their balance goes below zero.
    await t.app.db.transaction((tx) =>
      postLedger(tx, {
        kind: 'reversal',
        key: `test-payout:${c.itemId}`,
        itemId: c.itemId,
        memo: 'stand-in for a payout to the bank',
        entries: [
          { account: delivererAccount(c.deliverer.id), cents: -1350 },
          { account: PLATFORM_FEES, cents: 1350 },
        ],
      }),
    )
    const rest = await refund(c.itemId, 15)
    expect(rest.statusCode, rest.body).toBe(201)
    const second = await refund(c.itemId, 15)
    expect(second.statusCode).toBe(409)
    expect(second.json().code).toBe('NOTHING_TO_REFUND')
    const balances = (await get(admin, '/api/admin/balances')).json().data.balances
    expect(balances).toContainEqual(
      expect.objectContaining({ user_id: c.deliverer.id, balance: -13.5 }),
    )
    expect((await get(c.deliverer, '/api/admin/balances')).statusCode).toBe(403)
    await f.expectBalanced()
  })

  it.runIf(backend === 'postgres')('applies one of 10 parallel full refunds', async () => {
    const c = await f.deliveredCase('25.00')
    const all = await Promise.all(Array.from({ length: 10 }, () => refund(c.itemId, 25)))
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1)
    for (const r of all.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409)
      expect(r.json().code).toBe('NOTHING_TO_REFUND')
    }
    await t.app.jobs.drain()
    expect(byAccount(await f.ledgerOf(c.itemId))).toMatchObject({
      [`sender_card:${c.sender.id}`]: 0,
      held: 0,
    })
    await f.expectBalanced()
  })

  it.runIf(backend === 'postgres')(
    'applies one of 10 parallel resolutions and pays once',
    async () => {
      const c = await f.deliveredCase('25.00')
      expect((await dispute(c.sender, c.itemId)).statusCode).toBe(201)
      const all = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          resolve(
            c.itemId,
            i % 2
              ? { outcome: 'release', note: `release ${i}` }
              : { outcome: 'refund', refund_amount: 20, note: `refund ${i}` },
          ),
        ),
      )
      expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1)
      for (const r of all.filter((x) => x.statusCode !== 200))
        expect(r.json().code).toBe('DISPUTE_ALREADY_RESOLVED')
      await t.app.jobs.drain()
      const entries = await f.ledgerOf(c.itemId)
      expect(entries.filter((e) => e.kind === 'release').length).toBeGreaterThan(0)
      const sums = byAccount(entries)
      const refunded = entries.some((e) => e.kind === 'refund')
      expect(sums[`deliverer:${c.deliverer.id}`]).toBe(refunded ? 450 : 2250)
      await f.expectBalanced()
    },
  )
})
