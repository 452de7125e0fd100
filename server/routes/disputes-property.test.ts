import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformFeeCents } from '../../contract/money'
import { createUser, type TestUser } from '../testing/fixtures'
import { cents, moneyFlows, type MoneyCase } from '../testing/money-flows'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// The ledger's property test (decisions 037, 038) with disputes each way and admin refunds in parts
// before and after the release (decision 040): whatever the order, the books balance, no deliverer
// gets more than what the sender finally paid less the fee, and no cent is both refunded and
// released.

type Step =
  | { s: 'pay' | 'accept' | 'reject' | 'cancel' | 'pick_up' | 'deliver' | 'hold_passes' }
  | { s: 'deadline_passes' | 'dispute' | 'resolve_release' }
  | { s: 'resolve_refund' | 'refund'; cents: number }

describe.each(backends)('disputes and refunds in random order on %s', (backend) => {
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

  async function run(c: MoneyCase, step: Step) {
    switch (step.s) {
      case 'pay':
        return f.pay(c)
      case 'accept':
        return (await f.answer(c, 'accepted')).statusCode
      case 'reject':
        return (await f.answer(c, 'rejected')).statusCode
      case 'cancel':
        return (await f.post(c.sender, '/api/cancel-item', { item_id: c.itemId })).statusCode
      case 'pick_up':
        return f.step(c, 'in_process')
      case 'deliver':
        return f.step(c, 'delivered')
      case 'hold_passes':
        return f.holdPasses(c.requestId)
      case 'deadline_passes':
        return f.deadlinePassed(c, 8)
      case 'dispute':
        return (await f.post(c.sender, `/api/items/${c.itemId}/dispute`, { reason: 'It broke' }))
          .statusCode
      case 'resolve_release':
        return (
          await f.post(admin, `/api/admin/disputes/${c.itemId}/resolve`, {
            outcome: 'release',
            note: 'fine',
          })
        ).statusCode
      case 'resolve_refund':
        return (
          await f.post(admin, `/api/admin/disputes/${c.itemId}/resolve`, {
            outcome: 'refund',
            refund_amount: step.cents / 100,
            note: 'part broken',
          })
        ).statusCode
      case 'refund':
        return (
          await f.post(admin, '/api/admin/refunds', {
            item_id: c.itemId,
            amount: step.cents / 100,
            reason: 'goodwill',
          })
        ).statusCode
    }
  }

  it('balances, pays no more than paid less the fee, never refunds and releases the same cents', async () => {
    const plain = (...names: Extract<Step, { s: string }>['s'][]) =>
      fc.constantFrom(...names).map((s) => ({ s }) as Step)
    const withCents = (s: 'resolve_refund' | 'refund') =>
      fc.integer({ min: 1, max: 100_000 }).map((n) => ({ s, cents: n }) as Step)
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            { weight: 4, arbitrary: plain('pay', 'accept', 'pick_up', 'deliver', 'hold_passes') },
            { weight: 2, arbitrary: plain('dispute', 'resolve_release') },
            { weight: 2, arbitrary: fc.oneof(withCents('resolve_refund'), withCents('refund')) },
            { weight: 1, arbitrary: plain('reject', 'cancel', 'deadline_passes') },
          ),
          { minLength: 3, maxLength: 10 },
        ),
        fc.integer({ min: 50, max: 100_000 }),
        async (sequence, priceCents) => {
          const c = await f.awaitingSender((priceCents / 100).toFixed(2))
          for (const step of sequence) await run(c, step)
          await t.app.jobs.drain()
          await f.expectBalanced()
          const entries = await f.ledgerOf(c.itemId)
          const sum = (account: string, kinds?: string[]) =>
            entries
              .filter((e) => e.account === account && (!kinds || kinds.includes(e.kind)))
              .reduce((total, e) => total + cents(e.amount), 0)
          const story = sequence.map((x) => ('cents' in x ? `${x.s}(${x.cents})` : x.s)).join(', ')
          const captured = sum('held', ['capture'])
          const refunded = sum('refunds', ['refund'])
          const paid = captured - refunded
          const toDeliverer = sum(`deliverer:${c.deliverer.id}`)
          const toFees = sum('platform_fees')
          const fee = platformFeeCents(Math.max(0, paid), 10)
          expect(paid, story).toBeGreaterThanOrEqual(0)
          expect(captured, story).toBeLessThanOrEqual(priceCents)
          expect(toDeliverer, story).toBeLessThanOrEqual(Math.max(0, paid - fee))
          // What was released (and kept released) and what was refunded are different cents.
          expect(refunded + toDeliverer + toFees, story).toBeLessThanOrEqual(captured)
          if (entries.some((e) => e.kind === 'release')) {
            // Once released, every cent the sender finally paid is split: the fee and the rest.
            expect(toFees, story).toBe(fee)
            expect(toDeliverer, story).toBe(paid - fee)
          }
        },
      ),
      { numRuns: 14 },
    )
  }, 300_000)
})
