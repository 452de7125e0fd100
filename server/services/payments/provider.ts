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

/** Card payments (docs/design.md Runtime): Stripe PaymentIntents, or the built-in test provider. */
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
