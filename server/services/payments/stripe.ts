import { httpError } from '../../errors'
import type {
  CreatedIntent,
  CreateIntentInput,
  IntentStatus,
  PaymentProvider,
  RetrievedIntent,
} from './provider'

export const STRIPE_API = 'https://api.stripe.com/v1'

interface StripeIntent {
  id: string
  client_secret: string
  status: IntentStatus
  amount: number
}

/** Stripe's form encoding: nested keys as metadata[item_id]=… */
export function stripeForm(fields: Record<string, string | number | Record<string, string>>) {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'object')
      for (const [k, v] of Object.entries(value)) form.append(`${key}[${k}]`, v)
    else form.append(key, String(value))
  }
  return form
}

/** PaymentIntents through Stripe's REST API with plain fetch (no SDK). */
export function createStripeProvider(opts: {
  secretKey: string
  fetch?: typeof fetch
}): PaymentProvider {
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))

  async function call(path: string, init: RequestInit): Promise<StripeIntent> {
    let res: Response
    try {
      res = await doFetch(`${STRIPE_API}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${opts.secretKey}`,
          ...(init.headers as Record<string, string> | undefined),
        },
        signal: AbortSignal.timeout(20_000),
      })
    } catch {
      throw httpError(502, 'The payment provider could not be reached. Please try again.')
    }
    const body = (await res.json().catch(() => null)) as
      (StripeIntent & { error?: { message?: string } }) | null
    if (!res.ok || !body || body.error) {
      const message = body?.error?.message
      throw httpError(502, message ? `Payment provider: ${message}` : 'Payment provider error')
    }
    return body
  }

  return {
    name: 'stripe',
    async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
      const intent = await call('/payment_intents', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': input.idempotencyKey,
        },
        body: stripeForm({
          amount: input.amountCents,
          currency: input.currency,
          'payment_method_types[]': 'card',
          metadata: input.metadata,
        }).toString(),
      })
      return { id: intent.id, clientSecret: intent.client_secret, status: intent.status }
    },
    async retrieveIntent(id: string): Promise<RetrievedIntent> {
      const intent = await call(`/payment_intents/${encodeURIComponent(id)}`, { method: 'GET' })
      return { id: intent.id, status: intent.status, amountCents: intent.amount }
    },
  }
}
