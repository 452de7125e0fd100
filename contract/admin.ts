import { z } from 'zod'
import { uuidOf } from './ids'
import { envelope, pagination } from './envelope'
import { approval, intFromQuery, item, itemStatus } from './items'
import { party } from './info-requests'
import { email, personName, role } from './user'
import { rating, ratingSummary } from './ratings'

/** GET /api/admin/stats */
const adminStats = z.object({
  users_by_role: z.object({ sender: z.number(), deliverer: z.number(), admin: z.number() }),
  items_by_status: z.record(itemStatus, z.number()),
  awaiting_sending_approval: z.number(),
  awaiting_delivery_approval: z.number(),
  unread_info_responses: z.number(),
})
export const adminStatsAnswer = envelope(adminStats)

/** GET /api/admin/items */
export const adminItemsQuery = z.object({
  page: intFromQuery(1, 100_000, 1),
  per_page: intFromQuery(1, 100, 25),
  sort_by: z
    .enum(['created_at', 'updated_at', 'name', 'status', 'delivery_deadline', 'sender_price'])
    .catch('created_at')
    .default('created_at'),
  sort_order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  status: itemStatus.optional(),
  sending_approval: approval.optional(),
  delivery_approval: approval.optional(),
  search: z.string().trim().max(100).optional(),
})
const adminItemRow = item.extend({
  sender: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  requests_count: z.number(),
})
export const adminItemsAnswer = envelope(z.object({ items: z.array(adminItemRow), pagination }))

const adminDeliveryRequest = z.object({
  id: z.string(),
  deliverer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  deliverer_price: z.number().nullable(),
  proof_of_travel: z.string().nullable(),
  accept_privacy: z.boolean(),
  delivery_approval: approval,
  request_status: z.enum(['pending', 'accepted', 'rejected']),
  created_at: z.string(),
})
const adminInfoRequest = z.object({
  id: z.string(),
  to: party,
  target: z.object({ id: z.string(), name: z.string() }),
  description: z.string(),
  request_file_path: z.string().nullable(),
  response: z.string().nullable(),
  response_file_path: z.string().nullable(),
  response_at: z.string().nullable(),
  created_at: z.string(),
})
const auditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
})
/** GET /api/admin/items/{id} */
export const adminItemDetailAnswer = envelope(
  z.object({
    item: adminItemRow,
    requests: z.array(adminDeliveryRequest),
    info_requests: z.array(adminInfoRequest),
    history: z.array(auditEntry),
  }),
)

const reason = z.string().trim().max(1000).optional()
export const sendingApprovalBody = z.object({
  item_id: uuidOf('item'),
  decision: z.enum(['approved', 'rejected'], { error: 'Decision must be approved or rejected' }),
  reason,
})
export const deliveryApprovalBody = sendingApprovalBody.extend({
  deliverer_id: uuidOf('deliverer'),
})
/** POST /api/admin/request-further-info (multipart): these fields plus an optional `file`. */
export const requestFurtherInfoFields = z.object({
  item_id: uuidOf('item'),
  to: party,
  /** Which deliverer to ask; defaults to the deliverer of the item's current request. */
  deliverer_id: uuidOf('deliverer').optional(),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(2000),
})

/** GET /api/admin/users */
export const adminUsersQuery = z.object({
  page: intFromQuery(1, 100_000, 1),
  per_page: intFromQuery(1, 100, 25),
  search: z.string().trim().max(100).optional(),
  role: role.optional(),
  state: z.enum(['active', 'inactive', 'unverified']).optional(),
})
const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  phone: z.string(),
  active: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
  /** Their record as the other sides rated them (decision 039); null below 3 visible ratings. */
  rating: ratingSummary.optional(),
})
export type AdminUser = z.infer<typeof adminUser>
export const adminUsersAnswer = envelope(z.object({ users: z.array(adminUser), pagination }))
/** GET /api/admin/terms answers every term (contract/terms.ts userConsentAnswer shape). */

/** POST /api/admin/users: creates the account and mails a set-password link. */
export const adminCreateUserBody = z.object({ name: personName, email, role })
export const adminCreateUserAnswer = envelope(z.object({ user: adminUser }))
/** POST /api/admin/update-user */
export const adminUpdateUserBody = z.object({
  user_id: uuidOf('user'),
  role: role.optional(),
  active: z.boolean().optional(),
})

/** GET /api/admin/ratings: the reported ratings, newest report first; or every rating of one item. */
export const adminRatingsQuery = z.object({
  item_id: uuidOf('item').optional(),
  page: intFromQuery(1, 100_000, 1),
  per_page: intFromQuery(1, 100, 25),
})
const person = z.object({ id: z.string(), name: z.string() })
const adminRating = rating.extend({
  item: person,
  rater: person,
  ratee: person,
  /** Admins always see the comment, hidden or not. */
  comment: z.string().nullable(),
  hidden_reason: z.string().nullable(),
  /** Whether the other side's rating is visible to the parties yet (double-blind). */
  revealed: z.boolean(),
  reports: z.array(z.object({ by: person, reason: z.string(), created_at: z.string() })),
})
export const adminRatingsAnswer = envelope(z.object({ ratings: z.array(adminRating), pagination }))
