import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema'
import { DomainError } from '../../errors'
import type { CreatedIntent, IntentStatus, PaymentProvider, ProviderRefund } from './provider'
import { REFUND_STATES, type PaymentStatus } from './status'

/**
 * The built-in provider used without Stripe keys. Its intents are the payments rows (the route
 * inserts them and POST /api/test-payments/confirm moves them on); an idempotency key answers the
 * intent it created before, like Stripe's Idempotency-Key.
 */
export function createTestProvider(db: Db): PaymentProvider {
  const byKey = new Map<string, CreatedIntent>()
  const refunds = new Map<string, ProviderRefund>()
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
