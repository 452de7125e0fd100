import { randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { one } from '../../db/one'
import { payments, refunds as refundRows, testPayoutAccounts, testTransfers } from '../../db/schema'
import { DomainError } from '../../errors'
import type {
  BalanceMovement,
  CreatedIntent,
  IntentStatus,
  PaymentProvider,
  ProviderRefund,
  ProviderTransfer,
} from './provider'
import { REFUND_STATES, type PaymentStatus } from './status'

/** How long a test account link works, like Stripe's short-lived Account Links. */
const LINK_TTL_MS = 5 * 60 * 1000

const transferOf = (row: typeof testTransfers.$inferSelect): ProviderTransfer => ({
  id: row.id,
  amountCents: row.amountCents,
  reversedCents: row.reversedCents,
  destination: row.destination,
})

/**
 * Finishes the test provider's onboarding (GET /api/test-payouts/onboard, the account link's
 * target): the link's token is used up and the account's `transfers` capability becomes active.
 * Answers the account's user, or null for an unknown, used or expired link.
 */
export async function finishTestOnboarding(db: Db, token: string): Promise<string | null> {
  const [done] = await db
    .update(testPayoutAccounts)
    .set({ transfersActive: true, linkToken: null, linkExpiresAt: null })
    .where(
      and(
        eq(testPayoutAccounts.linkToken, token),
        gt(testPayoutAccounts.linkExpiresAt, sql`now()`),
      ),
    )
    .returning({ userId: testPayoutAccounts.userId })
  return done?.userId ?? null
}

/**
 * The built-in provider used without Stripe keys. Its intents are the payments rows (the route
 * inserts them and POST /api/test-payments/confirm moves them on); an idempotency key answers the
 * intent it created before, like Stripe's Idempotency-Key. Its connected accounts and transfers
 * are its own tables (test_payout_accounts, test_transfers): no money moves.
 */
export function createTestProvider(db: Db): PaymentProvider {
  const byKey = new Map<string, CreatedIntent>()
  const refunds = new Map<string, ProviderRefund>()
  const reversals = new Set<string>()
  return {
    name: 'test',
    async createIntent(input) {
      const known = byKey.get(input.idempotencyKey)
      if (known) return known
      const id = `pi_test_${randomBytes(12).toString('hex')}`
      const intent: CreatedIntent = {
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
      }
      byKey.set(input.idempotencyKey, intent)
      return intent
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(payments).where(eq(payments.providerIntentId, id))
      if (!row) throw new DomainError('PAYMENT_NOT_FOUND', 'Payment not found')
      // Like Stripe, a refunded intent still reads succeeded.
      const status = REFUND_STATES.includes(row.status as PaymentStatus) ? 'succeeded' : row.status
      return { id, status: status as IntentStatus, amountCents: row.amountCents }
    },
    // Test refunds go through at once (the refunds row records it, with this id).
    async refund(input) {
      const known = refunds.get(input.idempotencyKey)
      if (known) return known
      const refund: ProviderRefund = {
        id: `re_test_${randomBytes(12).toString('hex')}`,
        status: 'succeeded',
      }
      refunds.set(input.idempotencyKey, refund)
      return refund
    },
    async retrieveRefund(id) {
      return { id, status: 'succeeded' }
    },
    async createPayoutAccount(input) {
      await db
        .insert(testPayoutAccounts)
        .values({ id: `acct_test_${randomBytes(8).toString('hex')}`, userId: input.userId })
        .onConflictDoNothing({ target: testPayoutAccounts.userId })
      const [row] = await db
        .select()
        .from(testPayoutAccounts)
        .where(eq(testPayoutAccounts.userId, input.userId))
      if (!row) throw new Error(`test payout account of ${input.userId} not created`)
      return { id: row.id, canReceive: row.transfersActive }
    },
    async retrievePayoutAccount(id) {
      const [row] = await db.select().from(testPayoutAccounts).where(eq(testPayoutAccounts.id, id))
      if (!row) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', 'No such test account')
      return { id, canReceive: row.transfersActive }
    },
    // A fresh single-use token on each visit; the previous link stops working. A path on this
    // server, so it opens in the deliverer's own tab whatever host name they reached Tote by.
    async payoutAccountLink(input) {
      const token = randomBytes(16).toString('hex')
      await db
        .update(testPayoutAccounts)
        .set({ linkToken: token, linkExpiresAt: new Date(Date.now() + LINK_TTL_MS) })
        .where(eq(testPayoutAccounts.id, input.accountId))
      return `/api/test-payouts/onboard?token=${token}`
    },
    async createTransfer(input) {
      const [account] = await db
        .select()
        .from(testPayoutAccounts)
        .where(eq(testPayoutAccounts.id, input.destination))
      // Like Stripe: no transfer to an account whose transfers capability is not active.
      if (!account?.transfersActive)
        throw new DomainError(
          'PAYOUT_ACCOUNT_NOT_READY',
          'The payout account cannot receive transfers yet',
        )
      await db
        .insert(testTransfers)
        .values({
          id: `tr_test_${randomBytes(12).toString('hex')}`,
          idempotencyKey: input.idempotencyKey,
          destination: input.destination,
          amountCents: input.amountCents,
          sourceTransaction: input.sourceIntentId,
          transferGroup: input.transferGroup,
        })
        .onConflictDoNothing({ target: testTransfers.idempotencyKey })
      return transferOf(
        one(
          await db
            .select()
            .from(testTransfers)
            .where(eq(testTransfers.idempotencyKey, input.idempotencyKey)),
          'test transfer',
        ),
      )
    },
    async retrieveTransfer(id) {
      const [row] = await db.select().from(testTransfers).where(eq(testTransfers.id, id))
      if (!row) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', 'No such test transfer')
      return transferOf(row)
    },
    async reverseTransfer(input) {
      // The key is remembered for this process; across processes Tote's own transfers row
      // (reversed_cents) decides first, as with Stripe.
      if (!reversals.has(input.idempotencyKey)) {
        const [row] = await db
          .update(testTransfers)
          .set({ reversedCents: sql`${testTransfers.reversedCents} + ${input.amountCents}` })
          .where(
            and(
              eq(testTransfers.id, input.transferId),
              sql`${testTransfers.reversedCents} + ${input.amountCents} <= ${testTransfers.amountCents}`,
            ),
          )
          .returning()
        if (!row)
          throw new DomainError(
            'PAYMENT_PROVIDER_UNAVAILABLE',
            'Payment provider: the reversal is more than what is left of the transfer',
          )
        reversals.add(input.idempotencyKey)
      }
      return transferOf(
        one(
          await db.select().from(testTransfers).where(eq(testTransfers.id, input.transferId)),
          'test transfer',
        ),
      )
    },
    async balanceMovements() {
      const charged = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, 'test'),
            inArray(payments.status, ['succeeded', 'refund_pending', 'refunded']),
          ),
        )
      const sent = await db.select().from(refundRows).where(eq(refundRows.status, 'succeeded'))
      const moved = await db.select().from(testTransfers)
      const out: BalanceMovement[] = [
        ...charged.map((p) => ({
          id: `txn_${p.providerIntentId}`,
          type: 'charge' as const,
          amountCents: p.amountCents,
          source: p.providerIntentId,
        })),
        ...sent.map((r) => ({
          id: `txn_${r.providerRefundId ?? r.id}`,
          type: 'refund' as const,
          amountCents: -r.amountCents,
          source: r.providerRefundId,
        })),
        ...moved.map((t) => ({
          id: `txn_${t.id}`,
          type: 'transfer' as const,
          amountCents: -t.amountCents,
          source: t.id,
        })),
        ...moved
          .filter((t) => t.reversedCents > 0)
          .map((t) => ({
            id: `txn_${t.id}_reversals`,
            type: 'transfer_reversal' as const,
            amountCents: t.reversedCents,
            source: t.id,
          })),
      ]
      return out
    },
  }
}

/** Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Stripe's test cards that decline, with Stripe's wording. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000009979': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
}

export interface TestCard {
  card_number: string
  exp_month: number
  exp_year: number
  cvc: string
}

/** What Stripe would answer for this test card: succeeded, or requires_payment_method with a reason. */
export function testCardOutcome(
  card: TestCard,
  now = new Date(),
): { status: IntentStatus; error: string | null } {
  const digits = card.card_number.replace(/\s+/g, '')
  if (!luhnValid(digits))
    return { status: 'requires_payment_method', error: 'Your card number is incorrect.' }
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year
  // A card is valid through the last day of its expiry month.
  if (new Date(Date.UTC(year, card.exp_month, 1)) <= now)
    return { status: 'requires_payment_method', error: 'Your card has expired.' }
  const decline = DECLINES[digits]
  if (decline) return { status: 'requires_payment_method', error: decline }
  return { status: 'succeeded', error: null }
}
