import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { createStripeProvider } from './stripe'
import { createTestProvider } from './test-provider'

/** A PaymentIntent's status, as Stripe words it. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded'

export interface CreateIntentInput {
  /** Always the server's amount (the request's price), in cents. */
  amountCents: number
  currency: 'usd'
  /** The same key answers the same intent (Stripe's Idempotency-Key). */
  idempotencyKey: string
  metadata: Record<string, string>
}

export interface CreatedIntent {
  id: string
  clientSecret: string
  status: IntentStatus
}

export interface RetrievedIntent {
  id: string
  status: IntentStatus
  amountCents: number
}

type RefundStatus = 'pending' | 'succeeded' | 'failed'

export interface ProviderRefund {
  id: string
  status: RefundStatus
}

/** A deliverer's connected account: can it receive transfers (the `transfers` capability)? */
export interface PayoutAccount {
  id: string
  canReceive: boolean
}

export interface ProviderTransfer {
  id: string
  amountCents: number
  reversedCents: number
  destination: string
}

/** A movement of the platform's balance, as Stripe's balance transactions list them. */
export interface BalanceMovement {
  id: string
  type: 'charge' | 'refund' | 'transfer' | 'transfer_reversal' | 'other'
  /** Signed cents, as it moved the platform's balance (a transfer is negative). */
  amountCents: number
  /** The charge, refund, transfer… it comes from. */
  source: string | null
}

/**
 * Card payments (docs/design.md Runtime): Stripe PaymentIntents, or the built-in test provider;
 * and paying deliverers (decision 041): Connect Express accounts and transfers, or the test
 * provider's own books.
 */
export interface PaymentProvider {
  name: 'stripe' | 'test'
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>
  retrieveIntent(id: string): Promise<RetrievedIntent>
  /** Sends `amountCents` of the intent back; the same key answers the same refund. */
  refund(input: {
    intentId: string
    amountCents: number
    idempotencyKey: string
    metadata: Record<string, string>
  }): Promise<ProviderRefund>
  retrieveRefund(id: string): Promise<ProviderRefund>
  /** A connected account for the deliverer; the same key answers the same account. */
  createPayoutAccount(input: {
    userId: string
    email: string
    idempotencyKey: string
  }): Promise<PayoutAccount>
  retrievePayoutAccount(id: string): Promise<PayoutAccount>
  /** A fresh onboarding link: single use and short-lived, so one is made on each visit. */
  payoutAccountLink(input: { accountId: string; returnUrl: string }): Promise<string>
  /**
   * Sends `amountCents` to the connected account, out of the charge of `sourceIntentId` (so it
   * works before the charge's funds are available), grouped by the item; the same key answers
   * the same transfer.
   */
  createTransfer(input: {
    amountCents: number
    destination: string
    sourceIntentId: string
    transferGroup: string
    idempotencyKey: string
    metadata: Record<string, string>
  }): Promise<ProviderTransfer>
  retrieveTransfer(id: string): Promise<ProviderTransfer>
  /** Takes `amountCents` of a transfer back; the same key answers the same reversal. */
  reverseTransfer(input: {
    transferId: string
    amountCents: number
    idempotencyKey: string
  }): Promise<ProviderTransfer>
  /** Every movement of the platform's balance, for the nightly reconciliation. */
  balanceMovements(): Promise<BalanceMovement[]>
}

/** Stripe when STRIPE_SECRET_KEY is set; the built-in test provider otherwise. */
export function createPaymentProvider(
  config: Pick<Config, 'stripeSecretKey'>,
  db: Db,
): PaymentProvider {
  return config.stripeSecretKey
    ? createStripeProvider({ secretKey: config.stripeSecretKey })
    : createTestProvider(db)
}

/** '20.00' (numeric column) -> 2000. */
