import Stripe from 'stripe'
import { DomainError } from '../../errors'
import type {
  BalanceMovement,
  CreatedIntent,
  CreateIntentInput,
  IntentStatus,
  PaymentProvider,
  PayoutAccount,
  ProviderRefund,
  ProviderTransfer,
  RetrievedIntent,
} from './provider'

export const STRIPE_API = 'https://api.stripe.com/v1'
/**
 * Pinned, not the account's default: an upgrade of the SDK or of the Stripe account never changes
 * the shapes Tote reads. Change it on purpose, with the SDK, after reading Stripe's changelog.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive'
const TIMEOUT_MS = 20_000

/**
 * The Stripe client (the official SDK). Its fetch client goes through the global fetch, so tests
 * fake Stripe with msw like any other remote service.
 */
export function stripeClient(secretKey: string, fetchFn?: typeof fetch): Stripe {
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Looked up on each call, not captured now: a fetch replaced later (msw in tests) is used.
    httpClient: Stripe.createFetchHttpClient((...args) => (fetchFn ?? fetch)(...args)),
    timeout: TIMEOUT_MS,
    // Safe to retry: every call that creates something carries an idempotency key.
    maxNetworkRetries: 2,
  })
}

/** Stripe's errors as the API's 502, with Stripe's words where it gave some. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError)
      throw new DomainError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'The payment provider could not be reached. Please try again.',
      )
    if (err instanceof Stripe.errors.StripeError)
      throw new DomainError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        err.message ? `Payment provider: ${err.message}` : 'Payment provider error',
      )
    throw err
  }
}

const refundOf = (refund: Stripe.Refund): ProviderRefund => ({
  id: refund.id,
  status:
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending',
})

const payoutAccountOf = (account: Stripe.Account): PayoutAccount => ({
  id: account.id,
  // The capability Tote asked for, active: Stripe accepts transfers to this account.
  canReceive: account.capabilities?.transfers === 'active',
})

const transferOf = (transfer: Stripe.Transfer): ProviderTransfer => ({
  id: transfer.id,
  amountCents: transfer.amount,
  reversedCents: transfer.amount_reversed,
  destination:
    typeof transfer.destination === 'string'
      ? transfer.destination
      : (transfer.destination?.id ?? ''),
})

const MOVEMENT_TYPES: Record<string, BalanceMovement['type']> = {
  charge: 'charge',
  payment: 'charge',
  refund: 'refund',
  payment_refund: 'refund',
  transfer: 'transfer',
  transfer_refund: 'transfer_reversal',
}

/** PaymentIntents and refunds, Connect Express accounts and transfers through Stripe. */
export function createStripeProvider(opts: {
  secretKey: string
  fetch?: typeof fetch
}): PaymentProvider {
  const stripe = stripeClient(opts.secretKey, opts.fetch)
  return {
    name: 'stripe',
    async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            allowed_payment_method_types: ['card'],
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
      // The browser cannot confirm the card without it; an intent Stripe just made carries one.
      if (!intent.client_secret) throw new Error(`Stripe gave intent ${intent.id} no client_secret`)
      return {
        id: intent.id,
        clientSecret: intent.client_secret,
        status: intent.status as IntentStatus,
      }
    },
    async retrieveIntent(id: string): Promise<RetrievedIntent> {
      const intent = await call(() => stripe.paymentIntents.retrieve(id))
      return { id: intent.id, status: intent.status as IntentStatus, amountCents: intent.amount }
    },
    async refund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: input.intentId, amount: input.amountCents, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
      return refundOf(refund)
    },
    async retrieveRefund(id) {
      return refundOf(await call(() => stripe.refunds.retrieve(id)))
    },
    async createPayoutAccount(input) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: 'express',
            email: input.email,
            capabilities: { transfers: { requested: true } },
            metadata: { user_id: input.userId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
      return payoutAccountOf(account)
    },
    async retrievePayoutAccount(id) {
      return payoutAccountOf(await call(() => stripe.accounts.retrieve(id)))
    },
    async payoutAccountLink(input) {
      // No idempotency key on purpose: a link is single use, each visit needs a new one.
      const link = await call(() =>
        stripe.accountLinks.create({
          account: input.accountId,
          refresh_url: input.returnUrl,
          return_url: input.returnUrl,
          type: 'account_onboarding',
        }),
      )
      return link.url
    },
    async createTransfer(input) {
      const intent = await call(() => stripe.paymentIntents.retrieve(input.sourceIntentId))
      const charge =
        typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id
      if (!charge) throw new Error(`Stripe intent ${intent.id} has no charge to transfer from`)
      const transfer = await call(() =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            destination: input.destination,
            source_transaction: charge,
            transfer_group: input.transferGroup,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
      return transferOf(transfer)
    },
    async retrieveTransfer(id) {
      return transferOf(await call(() => stripe.transfers.retrieve(id)))
    },
    async reverseTransfer(input) {
      await call(() =>
        stripe.transfers.createReversal(
          input.transferId,
          { amount: input.amountCents },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
      return transferOf(await call(() => stripe.transfers.retrieve(input.transferId)))
    },
    async balanceMovements() {
      const out: BalanceMovement[] = []
      // Every page, however long the history (autoPagingToArray stops at 10 000).
      await call(() =>
        stripe.balanceTransactions.list({ limit: 100 }).autoPagingEach((b) => {
          out.push({
            id: b.id,
            type: MOVEMENT_TYPES[b.type] ?? 'other',
            amountCents: b.amount,
            source: typeof b.source === 'string' ? b.source : (b.source?.id ?? null),
          })
        }),
      )
      return out
    },
  }
}
