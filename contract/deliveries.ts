import { z } from 'zod'
import { uuidOf } from './ids'
import { envelope, pagination } from './envelope'
import { dateOnly } from './dates'
import { handoffFields } from './handoffs'
import { item, location, locationInput } from './items'
import { itemStatuses } from './lifecycle'
import { MAX_PRICE, truncateToCents } from './money'

/** GET /api/deliverer-stats */
export const delivererStats = z.object({
  available_items: z.number(),
  ready_to_pickup_items: z.number(),
  in_process_items: z.number(),
  delivered_items: z.number(),
})
export const delivererStatsAnswer = envelope(delivererStats)

/** GET /api/sender-stats: counts by status, plus the total. */
const senderStats = z.object({
  total: z.number(),
  by_status: z.record(z.enum(itemStatuses), z.number()),
  awaiting_approval: z.number(),
  requests_to_review: z.number(),
})
export const senderStatsAnswer = envelope(senderStats)

/** docs/spec.md sections 5 and 9; the PWA's copy is in src/features/deliverer/available-search.ts. */
const DEFAULT_RADIUS_KM = 10

/** A route and its radius: what a trip keeps (contract/trips.ts). */
export const routeBody = z.object({
  radius_km: z.coerce
    .number({ error: 'Radius must be a number' })
    .min(1, 'Radius must be at least 1 km')
    .max(500, 'Radius must be at most 500 km')
    .default(DEFAULT_RADIUS_KM),
  origin_address: locationInput,
  destination_address: locationInput,
})
/**
 * POST /api/available-items: body. Both places: the items along the route (the corridor). The
 * origin alone: the items whose pickup is within radius_km of it, nearest first. Neither: the
 * newest open items (issue 29 part 4).
 */
export const availableItemsBody = routeBody.extend({
  origin_address: locationInput.optional(),
  destination_address: locationInput.optional(),
})
export type AvailableItemsBody = z.input<typeof availableItemsBody>
/** POST /api/available-items: query */
export const availableItemsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(10).default(10),
  search: z.string().trim().max(100).optional(),
  location: z.string().trim().max(200).optional(),
  /** Only items whose deadline is on or after this date (YYYY-MM-DD). */
  date: z.union([z.literal(''), dateOnly]).optional(),
})
export const availableItemsAnswer = envelope(
  z.object({
    items: z.array(item),
    pagination: pagination.extend({ last_page: z.number().int() }),
    /** The places searched from and to, geocoded; null when not given. */
    origin: location.nullable(),
    destination: location.nullable(),
  }),
)

/** GET /api/my-deliveries and GET /api/rejected-requests */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(10).default(10),
})
export const deliveriesAnswer = envelope(
  z.object({
    items: z.array(item),
    pagination: pagination.extend({ last_page: z.number().int() }),
  }),
)

/** A price as a person writes it: digits and one decimal point (no 0x10, 1e3, Infinity). */
const PLAIN_DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/
/** docs/spec.md's price rule: a negative offer means "no offer" (the sender's price applies). */
export const NEGATIVE_DECIMAL = /^-(\d+(\.\d*)?|\.\d+)$/

/**
 * POST /api/request-item (multipart): these text fields plus the file `proof_of_travel`.
 * Honours an Idempotency-Key header.
 */
export const requestItemFields = z.object({
  item_id: uuidOf('item'),
  accept_privacy: z
    .union([z.literal('true'), z.literal('1'), z.literal(true)], {
      error: 'Please accept the terms to request this item',
    })
    .transform(() => true),
  deliverer_price: z
    .string()
    .trim()
    .regex(PLAIN_DECIMAL, 'Offer price must be a plain number, like 12.50')
    .transform(Number)
    .pipe(z.number().max(MAX_PRICE, 'Offer price must be at most 1,000,000'))
    .transform(truncateToCents)
    .optional(),
})

/**
 * POST /api/update-delivery-status (multipart): item_id, status, the handoff fields (code, moment,
 * place; decision 034), and a file: `proof_of_delivery` (required for delivered) or, at pickup,
 * an optional `pickup_photo`. Honours an Idempotency-Key header.
 */
export const updateDeliveryStatusFields = z.object({
  item_id: uuidOf('item'),
  status: z.enum(['in_process', 'delivered'], { error: 'Status must be in_process or delivered' }),
  ...handoffFields,
})

/** GET/POST /api/payment-method: where a deliverer's payouts go (stored masked). */
export const payoutDetailsBody = z.object({
  account_holder: z.string().trim().min(1, 'Account holder is required').max(100),
  iban_or_account: z
    .string()
    .trim()
    .min(6, 'Enter a valid account number or IBAN')
    .max(40)
    .regex(/^[A-Za-z0-9 ]+$/, 'Use letters, digits and spaces only'),
  routing_or_bic: z.string().trim().max(20).default(''),
})
export const payoutDetails = z.object({
  account_holder: z.string(),
  account_masked: z.string(),
  routing_or_bic: z.string(),
  updated_at: z.string(),
})
/**
 * Where a delivery's money is (decisions 038, 041): held until the hold after delivery passes
 * (disputed while a dispute freezes it), then available (released to the deliverer's balance,
 * waiting for a payout account able to receive), paid (transferred to their payout account), or
 * reversed (taken back).
 */
const earningStatuses = ['held', 'disputed', 'available', 'paid', 'reversed'] as const
export const earning = z.object({
  item_id: z.string(),
  item_name: z.string(),
  /** The agreed price, in dollars. */
  amount: z.number(),
  delivered_at: z.string().nullable(),
  /** What the sender finally paid (the agreed price less refunds), in dollars. */
  gross: z.number(),
  /** Tote's fee: PLATFORM_FEE_PERCENT of gross, half a cent up; until release, as it would be now. */
  fee: z.number(),
  /** The deliverer's share: gross less the fee. */
  net: z.number(),
  status: z.enum(earningStatuses),
  /** When a held share is (or was) released; null while not known (no hold recorded). */
  release_at: z.string().nullable(),
})
/**
 * The deliverer's payout account (decision 041): none yet, pending (onboarding not finished: the
 * `transfers` capability is not active) or active (transfers go out); payout_failed when the
 * provider said the last payout to their bank failed.
 */
export const payoutAccountView = z.object({
  status: z.enum(['none', 'pending', 'active']),
  payout_failed: z.boolean(),
})
/** The deliverer's shares by where they are, in dollars; available is their ledger balance. */
const earningTotals = z.object({ held: z.number(), available: z.number(), paid: z.number() })
export const paymentMethodAnswer = envelope(
  z.object({
    provider: z.enum(['stripe', 'manual']),
    /** The built-in test provider pays deliverers in its own books: no money moves. */
    test_mode: z.boolean(),
    payout: payoutDetails.nullable(),
    payout_account: payoutAccountView,
    /** A fresh, single-use onboarding link while the payout account cannot receive; else null. */
    onboarding_url: z.string().nullable(),
    earnings: z.array(earning),
    /** The sum of the delivered items' agreed prices (amount). */
    total_earned: z.number(),
    totals: earningTotals,
  }),
)

/** GET /api/test-payouts/onboard?token= (test provider only): the test account link's target. */
export const testOnboardQuery = z.object({ token: z.string().min(1).max(64) })
