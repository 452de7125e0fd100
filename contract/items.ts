import { z } from 'zod'
import { uuidOf } from './ids'
import { dateTime } from './dates'
import { envelope, pagination } from './envelope'
import { itemPhoto } from './item-photos'
import { email, phone } from './user'
import { timelineEntry } from './handoffs'
import { MAX_PRICE, truncateToCents } from './money'
import { approvals, itemStatuses, requestStatuses } from './lifecycle'
import { ratingSummary } from './ratings'

export const categories = ['electronics', 'clothing', 'documents', 'food', 'other'] as const
const category = z.enum(categories, {
  error: 'Category must be one of electronics, clothing, documents, food, other',
})
export type Category = z.infer<typeof category>

export const itemStatus = z.enum(itemStatuses)
export const approval = z.enum(approvals)
const requestStatus = z.enum(requestStatuses)

/** Stored and answered as {lat, lng, address?} (docs/design.md). */
export const location = z.object({
  lat: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  lng: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  address: z.string().trim().max(300).optional(),
})
export type Location = z.infer<typeof location>
/** A client may send a plain string, which the server geocodes or refuses. */
export const locationInput = z.union([
  location,
  z.string().trim().min(1, 'Choose a location').max(300),
])
export type LocationInput = z.infer<typeof locationInput>

/** USD with at most two decimals; more decimals are truncated (docs/spec.md section 9), never rounded up. */
const price = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price must be at least 0')
  .max(MAX_PRICE, 'Price must be at most 1,000,000')
  .transform(truncateToCents)

const dimension = z.number({ error: 'Must be a number' }).min(0, 'Must be at least 0').max(10_000)

export const DEADLINE_NOT_REAL = 'Delivery deadline must be a real date and time'

/** The edit form of docs/spec.md section 5 (also the create form, plus sender_price). */
export const itemFields = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  category,
  description: z.string().trim().max(2000).default(''),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(10_000),
  weight: z
    .number({ error: 'Weight must be a number' })
    .min(0, 'Weight must be at least 0')
    .max(10_000),
  dimensions: z.object({ length: dimension, width: dimension, height: dimension }),
  is_fragile: z.boolean().default(false),
  from_location: locationInput,
  to_location: locationInput,
  delivery_phone: phone.min(1, 'Delivery phone is required'),
  delivery_address: z.string().trim().min(1, 'Delivery address is required').max(300),
  /** ISO 8601 date-time; must be in the future when set or changed. */
  delivery_deadline: dateTime({
    notADateTime: 'Delivery deadline must be a date and time',
    notReal: DEADLINE_NOT_REAL,
  }),
  special_instructions: z.string().trim().max(1000).default(''),
  /**
   * Where and whom the deliverer collects from (decision 034): shown, with the sender's name, only
   * to the deliverer whose request the sender accepted. Optional: the from location stands in.
   */
  pickup_address: z
    .string()
    .trim()
    .max(300, 'Pickup address must be at most 300 characters')
    .default(''),
  /** Instructions or a time window for the pickup ("ring twice", "weekdays 9-17"). */
  pickup_instructions: z
    .string()
    .trim()
    .max(500, 'Pickup instructions must be at most 500 characters')
    .default(''),
  pickup_phone: phone.default(''),
  /**
   * The recipient's e-mail: once a request is accepted they get a link to their delivery code
   * (no account needed). Empty for none.
   */
  recipient_email: z.union([z.literal(''), email]).default(''),
})

export const createItemBody = itemFields.extend({ sender_price: price })
export type CreateItemBody = z.input<typeof createItemBody>
export const updateItemBody = itemFields.extend({
  item_id: uuidOf('item'),
  sender_price: price.optional(),
})
export type UpdateItemBody = z.input<typeof updateItemBody>

const infoRequest = z.object({
  id: z.string(),
  description: z.string(),
  request_file_path: z.string().nullable(),
  /** sender_response on info_request_to_sender, deliverer_response on info_request_to_deliverer. */
  sender_response: z.string().nullable().optional(),
  deliverer_response: z.string().nullable().optional(),
  response_file_path: z.string().nullable(),
  response_at: z.string().nullable(),
  created_at: z.string(),
})
export type InfoRequest = z.infer<typeof infoRequest>

/** The Item of docs/spec.md section 3, as every item call answers it. */
export const item = z.object({
  id: z.string(),
  name: z.string(),
  category,
  description: z.string(),
  quantity: z.number(),
  weight: z.number(),
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number() }),
  is_fragile: z.boolean(),
  from_location: location,
  to_location: location,
  /** Null for whoever may not see them: only the sender, admins and the accepted deliverer do. */
  delivery_phone: z.string().nullable(),
  delivery_address: z.string().nullable(),
  delivery_deadline: z.string(),
  special_instructions: z.string(),
  status: itemStatus,
  created_at: z.string(),
  updated_at: z.string(),
  sending_approval: approval,
  /** Of the item's current request (docs/design.md lifecycle 4); null while there is none. */
  delivery_approval: approval.nullable(),
  request_status: requestStatus.nullable(),
  deliverer: z.object({ id: z.string(), name: z.string() }).nullable(),
  deliverer_id: z.string().nullable(),
  /**
   * The current request's price; to a deliverer, the price of their own request (current or not
   * yet), never another deliverer's.
   */
  deliverer_price: z.number().nullable(),
  sender_price: z.number(),
  /**
   * What the sender paid for the accepted current request (written when they accepted, decision
   * 030); null before that. Shown to the sender, admins and the deliverer who carries the item.
   */
  agreed_price: z.number().nullable().optional(),
  proof_of_delivery: z.string().nullable(),
  /** A deliverer sees only their own entries here and in requested_by. */
  proof_of_travel: z.array(z.object({ deliverer_id: z.string(), file_path: z.string() })),
  requested_by: z.array(z.string()),
  /** reason: what the sender wrote when rejecting; a deliverer sees only their own entry. */
  rejected_deliverer: z.array(
    z.object({ id: z.string(), name: z.string(), reason: z.string().nullable().optional() }),
  ),
  info_request_to_sender: infoRequest.nullable(),
  info_request_to_deliverer: infoRequest.nullable(),
  /** Answered to deliverers by available-items: km from the origin to the item's from + to to destination. */
  distance_km: z.number().optional(),
  /**
   * Answered to deliverers by available-items: km the item adds to their path (origin -> pickup ->
   * drop-off -> destination less origin -> destination), great-circle, to 0.1 km, never negative.
   */
  detour_km: z.number().optional(),
  /** Oldest first; the first is the cover (docs/decisions/018-item-photos.md). */
  photos: z.array(itemPhoto).optional(),
  /**
   * Where to collect the item, whom to call there and who sends it: to the sender, admins and the
   * deliverer whose request was accepted (paid); null to everyone else (decision 034).
   */
  pickup: z
    .object({
      address: z.string(),
      instructions: z.string(),
      phone: z.string(),
      sender_name: z.string(),
    })
    .nullable()
    .optional(),
  /** The accepted deliverer's phone, to the item's sender and admins; null otherwise. */
  deliverer_phone: z.string().nullable().optional(),
  /** To the sender and admins only. */
  recipient_email: z.string().nullable().optional(),
  /** Accepted, picked up, delivered: to the sender, the accepted deliverer and admins; else null. */
  timeline: z.array(timelineEntry).nullable().optional(),
  /**
   * The record of the current request's deliverer (decision 039: average and count of their
   * visible ratings, null below 3), so the sender chooses knowing it; to the sender and admins.
   */
  deliverer_rating: ratingSummary.optional(),
  /** The sender's record, to the deliverers who consider the item and to admins. */
  sender_rating: ratingSummary.optional(),
  /**
   * Messages of the item's conversation the caller has not read (its sender and accepted
   * deliverer); absent for everyone else.
   */
  unread_messages: z.number().int().optional(),
})
export type Item = z.infer<typeof item>

export const itemAnswer = envelope(z.object({ item }))
/** GET /api/item/{id} (deliverer detail) answers the item as data itself (docs/spec.md section 7). */
export const delivererItemAnswer = envelope(item)

const sortableItemColumns = [
  'created_at',
  'updated_at',
  'name',
  'category',
  'status',
  'delivery_deadline',
  'sender_price',
] as const

/** A whole number from the query string; a bad or missing value falls back (never a 400). */
export const intFromQuery = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).catch(fallback).default(fallback)

export const itemsQuery = z.object({
  page: intFromQuery(1, 100_000, 1),
  per_page: intFromQuery(1, 100, 10),
  sort_by: z.enum(sortableItemColumns).catch('created_at').default('created_at'),
  sort_order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  status: itemStatus.optional(),
  category: category.optional(),
  search: z.string().trim().max(100).optional(),
})
export type ItemsQuery = z.input<typeof itemsQuery>

export const itemsListAnswer = envelope(z.object({ items: z.array(item), pagination }))
