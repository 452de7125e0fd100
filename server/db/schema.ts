import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { approvals, itemStatuses, requestStatuses } from '../../contract/lifecycle'
import { handoffSteps } from '../../contract/handoffs'
import { ledgerAccountKinds, ledgerTransactionKinds } from '../../contract/ledger'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

export const roleEnum = pgEnum('user_role', ['sender', 'deliverer', 'admin'])
export const termRoleEnum = pgEnum('term_role', ['sender', 'deliverer'])
export const categoryEnum = pgEnum('item_category', [
  'electronics',
  'clothing',
  'documents',
  'food',
  'other',
])
export const itemStatusEnum = pgEnum('item_status', itemStatuses)
export const approvalEnum = pgEnum('approval', approvals)
export const requestStatusEnum = pgEnum('request_status', requestStatuses)
export const tokenPurposeEnum = pgEnum('token_purpose', [
  'verify_email',
  'reset_password',
  'set_password',
])
export const partyEnum = pgEnum('party', ['sender', 'deliverer'])
export const handoffStepEnum = pgEnum('handoff_step', handoffSteps)
export const ledgerAccountKindEnum = pgEnum('ledger_account_kind', ledgerAccountKinds)
export const ledgerTransactionKindEnum = pgEnum('ledger_transaction_kind', ledgerTransactionKinds)

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Always stored lower-case (the contract lower-cases it; the check makes sure). */
    email: text('email').notNull().unique('users_email_unique'),
    /** Null for an account created by an admin until its set-password link is used. */
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
)

export const sessions = pgTable(
  'sessions',
  {
    /** The JWT's jti. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** One-time links (verify e-mail, reset and set password). Only a SHA-256 hash of the token is kept. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique('one_time_tokens_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
)

export const storedFiles = pgTable('stored_files', {
  id: id(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  /** proof_of_travel, proof_of_delivery, info_request, info_response */
  kind: text('kind').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  /** Random name on disk; never the client's file name. */
  diskName: text('disk_name').notNull().unique('stored_files_disk_name_unique'),
  originalName: text('original_name').notNull().default(''),
  createdAt: createdAt(),
})

/**
 * A point on the unit sphere (ll_to_earth / earth()) as its three coordinates' SQL, from the SQL of
 * its latitude and longitude: one formula for the 6-D index and the stored vectors.
 */
const unitVector = (lat: string, lng: string) =>
  [
    `cos(radians(${lat})) * cos(radians(${lng}))`,
    `cos(radians(${lat})) * sin(radians(${lng}))`,
    `sin(radians(${lat}))`,
  ] as const
const unitXyz = (lat: AnyPgColumn, lng: AnyPgColumn): SQL =>
  sql.raw(unitVector(`"${lat.name}"`, `"${lng.name}"`).join(', '))
/**
 * The route as one 6-D point (from, to): the available-items corridor finds both ends in one GiST
 * search (services/corridor.ts builds the same expression and the 6-D box).
 */
const routeCube = (t: {
  fromLat: AnyPgColumn
  fromLng: AnyPgColumn
  toLat: AnyPgColumn
  toLng: AnyPgColumn
}): SQL => sql`cube(array[${unitXyz(t.fromLat, t.fromLng)}, ${unitXyz(t.toLat, t.toLng)}])`

/**
 * The route cell of services/corridor-cells.ts: pickup cell × 65 341 + drop-off cell on a 1° grid
 * of 181 rows × 361 columns. Must compute what cellOf() there does (corridor-cells.test.ts checks
 * it against the database); another grid needs a migration.
 */
const cellOf = (lat: string, lng: string) =>
  `(floor((${lat} + 90) / 1)::bigint * 361 + floor((${lng} + 180) / 1)::bigint)`
const routeCellSql = sql.raw(
  `${cellOf('from_lat', 'from_lng')} * 65341 + ${cellOf('to_lat', 'to_lng')}`,
)

/**
 * An item end's unit vector coordinate, stored (migration 0026): the corridor's tests are dot
 * products with the path's vectors, a multiplication per coordinate instead of four trigonometric
 * calls per end and test (services/corridor.ts; docs/benchmarks.md, ten million items).
 */
const stored = (end: 'from' | 'to', axis: 0 | 1 | 2) =>
  sql.raw(unitVector(`${end}_lat`, `${end}_lng`)[axis])

export const items = pgTable(
  'items',
  {
    id: id(),
    name: text('name').notNull(),
    category: categoryEnum('category').notNull(),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    /** kg */
    weight: doublePrecision('weight').notNull().default(0),
    /** cm */
    length: doublePrecision('length').notNull().default(0),
    width: doublePrecision('width').notNull().default(0),
    height: doublePrecision('height').notNull().default(0),
    isFragile: boolean('is_fragile').notNull().default(false),
    fromLat: doublePrecision('from_lat').notNull(),
    fromLng: doublePrecision('from_lng').notNull(),
    fromAddress: text('from_address').notNull().default(''),
    toLat: doublePrecision('to_lat').notNull(),
    toLng: doublePrecision('to_lng').notNull(),
    toAddress: text('to_address').notNull().default(''),
    /** Pickup and drop-off cells as one number, for the corridor's B-tree probes (routeCellSql). */
    routeCell: bigint('route_cell', { mode: 'number' }).generatedAlwaysAs(routeCellSql),
    fromX: doublePrecision('from_x').generatedAlwaysAs(stored('from', 0)),
    fromY: doublePrecision('from_y').generatedAlwaysAs(stored('from', 1)),
    fromZ: doublePrecision('from_z').generatedAlwaysAs(stored('from', 2)),
    toX: doublePrecision('to_x').generatedAlwaysAs(stored('to', 0)),
    toY: doublePrecision('to_y').generatedAlwaysAs(stored('to', 1)),
    toZ: doublePrecision('to_z').generatedAlwaysAs(stored('to', 2)),
    deliveryPhone: text('delivery_phone').notNull().default(''),
    deliveryAddress: text('delivery_address').notNull().default(''),
    deliveryDeadline: timestamp('delivery_deadline', { withTimezone: true }).notNull(),
    specialInstructions: text('special_instructions').notNull().default(''),
    /** Where and whom to collect from (decision 034): shown only to the accepted deliverer. */
    pickupAddress: text('pickup_address').notNull().default(''),
    pickupInstructions: text('pickup_instructions').notNull().default(''),
    pickupPhone: text('pickup_phone').notNull().default(''),
    /** Who gets the link to the delivery code once a request is accepted; null for nobody. */
    recipientEmail: text('recipient_email'),
    status: itemStatusEnum('status').notNull().default('pending'),
    sendingApproval: approvalEnum('sending_approval').notNull().default('pending'),
    senderPrice: numeric('sender_price', { precision: 12, scale: 2 }).notNull().default('0'),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivery request an admin approved: the one the sender sees (docs/design.md lifecycle 4). */
    currentRequestId: uuid('current_request_id').references(
      (): AnyPgColumn => deliveryRequests.id,
      {
        onDelete: 'set null',
      },
    ),
    proofOfDeliveryFileId: uuid('proof_of_delivery_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    /** Set by the pick_up and deliver moves of contract/lifecycle.ts (their `stamp`). */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * Whether a request for the item is accepted, kept by the trigger delivery_requests_taken
     * (migration 0026) whatever writes the request: availableTo tests it on the route-cell index
     * instead of probing delivery_requests once per candidate.
     */
    taken: boolean('taken').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('items_sender_idx').on(t.senderId),
    index('items_status_idx').on(t.status, t.sendingApproval),
    index('items_route_gist').using('gist', routeCube(t)),
    // Migrations 0024 and 0026 add INCLUDE (the columns the corridor tests), which drizzle cannot declare.
    index('items_route_cell_idx').on(t.routeCell),
    check('items_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'items_from_lat_range',
      sql`${t.fromLat} between -90 and 90 and ${t.fromLng} between -180 and 180`,
    ),
    check(
      'items_to_lat_range',
      sql`${t.toLat} between -90 and 90 and ${t.toLng} between -180 and 180`,
    ),
  ],
)

export const deliveryRequests = pgTable(
  'delivery_requests',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    delivererId: uuid('deliverer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proofOfTravelFileId: uuid('proof_of_travel_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    delivererPrice: numeric('deliverer_price', { precision: 12, scale: 2 }),
    /**
     * What the sender paid, in cents: written once when they accept (agreedPriceCents of
     * contract/money.ts); null until then. Every later reader takes it from here (decision 030).
     */
    agreedPriceCents: integer('agreed_price_cents'),
    /** When the sender accepted it (a handoff's time may not be earlier, decision 034). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptPrivacy: boolean('accept_privacy').notNull().default(false),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    deliveryApproval: approvalEnum('delivery_approval').notNull().default('pending'),
    requestStatus: requestStatusEnum('request_status').notNull().default('pending'),
    /** The sender's optional words when rejecting, shown to this deliverer (at most 500 chars). */
    rejectReason: text('reject_reason'),
    /**
     * When the deliverer gave the accepted item back before pickup (decision 042): the request is
     * rejected from then on, by its deliverer rather than the sender; the reason is in the audit.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One request per item and deliverer, but one the sender declined stays as history and a new
    // offer may follow it while the item is open (decision 043); one the deliverer gave back
    // (withdrawn_at) still closes the item to them (decision 042).
    uniqueIndex('delivery_requests_item_deliverer_live_unique')
      .on(t.itemId, t.delivererId)
      .where(sql`request_status <> 'rejected' or withdrawn_at is not null`),
    // The item's requests, history included (what the unique constraint used to serve).
    index('delivery_requests_item_deliverer_idx').on(t.itemId, t.delivererId),
    index('delivery_requests_deliverer_idx').on(t.delivererId),
    // An item's accepted request: read by the trigger that keeps items.taken (migration 0026) and by
    // the services that accept, decline or pay; only accepted requests, so it stays in memory.
    index('delivery_requests_accepted_item_idx')
      .on(t.itemId)
      .where(sql`request_status = 'accepted'`),
    check('delivery_requests_reject_reason_len', sql`char_length(${t.rejectReason}) <= 500`),
    check('delivery_requests_agreed_price_cents_range', sql`${t.agreedPriceCents} >= 0`),
  ],
)

/**
 * The two handoffs of an accepted request, pickup and delivery (decision 034): the code issued for
 * each (its nonce and expiry; the code itself is signed again whenever it is shown, its six digits
 * derived from the nonce with a server secret, so no usable code is stored), and what happened at
 * it: when (the device's moment and the server's), where, the pickup photo, how it was proven, or
 * an admin's waiver. used_at is set in the transaction of the move the code proved.
 */
export const handoffs = pgTable(
  'handoffs',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => deliveryRequests.id, { onDelete: 'cascade' }),
    step: handoffStepEnum('step').notNull(),
    nonce: text('nonce').notNull().unique('handoffs_nonce_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** code, short_code, admin (a waiver), none: how the step was proven, once it happened. */
    proof: text('proof'),
    happenedAt: timestamp('happened_at', { withTimezone: true }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyM: doublePrecision('accuracy_m'),
    photoFileId: uuid('photo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    waivedBy: uuid('waived_by').references(() => users.id, { onDelete: 'set null' }),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waiveReason: text('waive_reason'),
    /** SHA-256 of the recipient's link token (delivery only); the link ends once delivered. */
    recipientTokenHash: text('recipient_token_hash').unique('handoffs_recipient_token_unique'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('handoffs_request_step_unique').on(t.requestId, t.step),
    index('handoffs_item_idx').on(t.itemId),
    check('handoffs_waive_reason_len', sql`char_length(${t.waiveReason}) <= 1000`),
  ],
)

export const infoRequests = pgTable(
  'info_requests',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    to: partyEnum('to').notNull(),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    requestFileId: uuid('request_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    response: text('response'),
    responseFileId: uuid('response_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    responseAt: timestamp('response_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('info_requests_item_idx').on(t.itemId)],
)

/**
 * Up to 5 photos of an item (docs/decisions/018-item-photos.md): each a re-encoded,
 * metadata-free JPEG of at most 1600 px and its thumbnail, both stored_files rows.
 */
export const itemPhotos = pgTable(
  'item_photos',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    thumbFileId: uuid('thumb_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('item_photos_item_idx').on(t.itemId, t.createdAt)],
)

export const terms = pgTable('terms', {
  id: id(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  role: termRoleEnum('role').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const termsDocumentEnum = pgEnum('terms_document', ['site', 'sender'])

/**
 * Who accepted which version of what, and when (decision 044): `site` the Terms of service and the
 * Privacy policy at sign-up (SITE_TERMS_VERSION), `sender` the admins' sender terms before a
 * payment (a fingerprint of their text). Kept, never updated: a new version is a new row.
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: termsDocumentEnum('document').notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('terms_acceptances_once').on(t.userId, t.document, t.version)],
)

export const payments = pgTable(
  'payments',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => deliveryRequests.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerIntentId: text('provider_intent_id')
      .notNull()
      .unique('payments_provider_intent_unique'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** When the provider first reported it succeeded (kept through a refund). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_item_idx').on(t.itemId),
    // One live payment per request: parallel create-payment-intent calls cannot make a second.
    uniqueIndex('payments_one_live_per_request')
      .on(t.requestId)
      .where(sql`${t.status} not in ('canceled', 'refund_pending', 'refunded')`),
  ],
)

/**
 * Money sent back to the sender, recorded in the transaction that decides it (status pending) and
 * sent to the provider after it commits. A payment may have several (partial refunds, decision
 * 040); a trigger refuses refunds adding up to more than the payment.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** pending (decided, not yet confirmed by the provider), succeeded, failed (needs a person). */
    status: text('status').notNull().default('pending'),
    /** request_rejected, deliverer_replaced, item_cancelled, request_not_current, not_delivered, admin, dispute */
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id').unique('refunds_provider_refund_unique'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
)

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the request's content: the same key with other content is a 422. */
    fingerprint: text('fingerprint').notNull().default(''),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/**
 * Fixed-window counters shared by every process (login, sign-up, reset, place search): one row a
 * key, bumped by one atomic upsert, so parallel attempts cannot slip past the limit.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttles_reset_idx').on(t.resetAt)],
)

/**
 * The durable job queue (server/jobs/queue.ts): mails and housekeeping. A job is claimed with
 * FOR UPDATE SKIP LOCKED and a lease (locked_until), deleted when done, retried with backoff when
 * it fails, and kept with failed_at once it ran out of attempts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    data: jsonb('data').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.failedAt} is null`),
  ],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId)],
)

/** The dev outbox: mails kept here (and printed) when SMTP_URL is unset. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
})

/**
 * Where a deliverer's payouts go (GET/POST /api/payment-method, manual provider). The full account
 * number is never stored: only its masked form and last four characters.
 */
export const payoutDetails = pgTable('payout_details', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
    .unique('payout_details_user_unique'),
  accountHolder: text('account_holder').notNull(),
  accountMasked: text('account_masked').notNull(),
  accountLast4: text('account_last4').notNull(),
  routingOrBic: text('routing_or_bic').notNull().default(''),
  /** The deliverer's Stripe Connect account (acct_…) once one was created for onboarding. */
  stripeAccountId: text('stripe_account_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * A deliverer's saved search of /available-items (decision 024): a route, a radius and the day they
 * set off. At most MAX_TRIPS a deliverer (contract/trips.ts), counted under a lock of their user row.
 */
export const trips = pgTable(
  'trips',
  {
    id: id(),
    delivererId: uuid('deliverer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    originLat: doublePrecision('origin_lat').notNull(),
    originLng: doublePrecision('origin_lng').notNull(),
    originAddress: text('origin_address').notNull().default(''),
    destinationLat: doublePrecision('destination_lat').notNull(),
    destinationLng: doublePrecision('destination_lng').notNull(),
    destinationAddress: text('destination_address').notNull().default(''),
    radiusKm: doublePrecision('radius_km').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    /**
     * The route cells its corridor can hold (services/corridor-cells.ts tripCells: 1° pairs, or
     * a coarser grid's for long and wide corridors), null for trips saved before them (and
     * antipodal ones): matching an item asks only the trips whose cells hold one of the item's,
     * and those with null.
     */
    routeCells: bigint('route_cells', { mode: 'number' }).array(),
    createdAt: createdAt(),
  },
  (t) => [
    // No pending list (fastupdate): every match would scan its unsorted entries, up to 4 MB
    // (3 of 4 ms an item on the bench); trips are saved rarely, and as fast without it.
    index('trips_route_cells_gin').using('gin', t.routeCells).with({ fastupdate: false }),
    // Matching an item asks the trips without cells apart (services/trip-alerts.ts candidateTrips).
    index('trips_without_cells_idx')
      .on(t.travelDate)
      .where(sql`${t.routeCells} is null`),
    // The deliverer's list (soonest first) and the count under MAX_TRIPS.
    index('trips_deliverer_date_idx').on(t.delivererId, t.travelDate),
    check('trips_radius_range', sql`${t.radiusKm} >= 1 and ${t.radiusKm} <= 500`),
    check(
      'trips_origin_range',
      sql`${t.originLat} between -90 and 90 and ${t.originLng} between -180 and 180`,
    ),
    check(
      'trips_destination_range',
      sql`${t.destinationLat} between -90 and 90 and ${t.destinationLng} between -180 and 180`,
    ),
  ],
)

/**
 * In-app notifications (the bell). A trip_match is written once per user, item and trip: the
 * unique constraint makes a second approval, a retried job or parallel approvals insert nothing
 * (ON CONFLICT DO NOTHING). Once its trip is deleted trip_id becomes null and the row stays.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The PWA path the notification opens (/available-items/<item id>). */
    link: text('link').notNull(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'cascade' }),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('notifications_user_item_trip_unique').on(t.userId, t.itemId, t.tripId),
    // The list, newest first.
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The bell's unread count.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
)

/**
 * The kinds of notification a user turned mail off for (docs/decisions/033): a row means no mail of
 * that kind; the in-app notification is written regardless. No row, the default, mails.
 */
export const notificationMailOff = pgTable(
  'notification_mail_off',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)

/**
 * A browser's Web Push subscription (PushSubscription JSON). The endpoint is the push service's
 * URL for that browser: unique, so subscribing again (another user on the same phone) replaces
 * the keys and the owner.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/**
 * The ledger's accounts (decision 037): one per sender's card and per deliverer, one each for the
 * held money, the refunds under way and Tote's fees. `key` names it (`held`,
 * `sender_card:<user id>`…). balance_cents is kept by a trigger on ledger_entries (never written
 * by code: the database refuses it); posting locks the accounts it touches, ordered by id.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    key: text('key').notNull().unique('ledger_accounts_key_unique'),
    kind: ledgerAccountKindEnum('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'ledger_accounts_owner',
      sql`(${t.kind} in ('sender_card', 'deliverer')) = (${t.userId} is not null)`,
    ),
  ],
)

/**
 * One movement of money: its entries sum to zero, checked by the database when the transaction
 * commits (a deferred constraint trigger). `key` makes it happen once (`release:<request id>`,
 * `capture:<payment id>`…): a second post with the same key inserts nothing. Append-only.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    kind: ledgerTransactionKindEnum('kind').notNull(),
    key: text('key').notNull().unique('ledger_transactions_key_unique'),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    requestId: uuid('request_id').references(() => deliveryRequests.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** A reversal: the transaction whose entries it negates. */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_transactions_item_idx').on(t.itemId, t.createdAt)],
)

/** A line of a ledger transaction: a signed amount of cents into (+) or out of (-) one account. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
)

/**
 * The hold of a delivered request's money (decision 038): written when the item is delivered,
 * released at release_at by a job. released_at is set by one conditional update (released_at is
 * null), in the transaction that posts the release, so two workers or parallel calls pay once.
 */
export const releases = pgTable(
  'releases',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => deliveryRequests.id, { onDelete: 'restrict' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    delivererId: uuid('deliverer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    transactionId: uuid('transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('releases_deliverer_idx').on(t.delivererId),
    index('releases_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.releasedAt} is null`),
  ],
)

/**
 * The conversation of a delivery (decision 039): what the item's sender and its accepted deliverer
 * write to each other. Each message has one addressee (the other side; admins only read), so
 * read_at is when that person first read the thread after it came: the unread counts, and the
 * delayed mail's check, are one partial index away.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** The accepted request the conversation belongs to. */
    requestId: uuid('request_id')
      .notNull()
      .references(() => deliveryRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text as written (trimmed); never rendered as HTML. */
    body: text('body').notNull(),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_item_created_idx').on(t.itemId, t.createdAt),
    // The navigation's unread counts and marking a thread read.
    index('messages_recipient_unread_idx')
      .on(t.recipientId, t.itemId)
      .where(sql`${t.readAt} is null`),
    check('messages_body_len', sql`char_length(${t.body}) between 1 and 4000`),
    index('messages_file_idx').on(t.fileId),
  ],
)

/**
 * A rating of a delivery (decision 039): the sender rates the deliverer and the deliverer the
 * sender, once each (unique item and rater; never updated but by an admin hiding it). Who sees
 * it when is computed from the other rating and the item's delivered_at (double-blind).
 */
export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => deliveryRequests.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raterRole: partyEnum('rater_role').notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ratings_item_rater_unique').on(t.itemId, t.raterId),
    index('ratings_ratee_idx').on(t.rateeId),
    check('ratings_stars_range', sql`${t.stars} between 1 and 5`),
    check('ratings_comment_len', sql`char_length(${t.comment}) <= 500`),
    check('ratings_not_self', sql`${t.raterId} <> ${t.rateeId}`),
  ],
)

/** A party's report of a rating, for an admin to look at (once per rating and person). */
export const ratingReports = pgTable(
  'rating_reports',
  {
    id: id(),
    ratingId: uuid('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('rating_reports_rating_reporter_unique').on(t.ratingId, t.reporterId),
    index('rating_reports_created_idx').on(t.createdAt),
    check('rating_reports_reason_len', sql`char_length(${t.reason}) <= 1000`),
  ],
)

/**
 * A sender's complaint about a delivered item (decision 040): opened inside the hold window, it
 * stops the release until an admin resolves it (`release`, or `refund` of refund_cents and the
 * rest released). One per item, ever (the unique item_id): a second is refused. Resolved by one
 * conditional update (resolved_at is null), so parallel resolutions apply once.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' })
      .unique('disputes_item_unique'),
    requestId: uuid('request_id')
      .notNull()
      .references(() => deliveryRequests.id, { onDelete: 'restrict' }),
    /** Who opened it: the item's sender (null when a card dispute reported by the provider opened it). */
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
    refundCents: integer('refund_cents'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('disputes_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    check('disputes_reason_len', sql`char_length(${t.reason}) between 1 and 2000`),
    check('disputes_note_len', sql`char_length(${t.note}) <= 2000`),
    check(
      'disputes_outcome',
      sql`(${t.resolvedAt} is null and ${t.outcome} is null) or (${t.outcome} = 'release' and ${t.refundCents} is null) or (${t.outcome} = 'refund' and ${t.refundCents} > 0)`,
    ),
  ],
)

/**
 * A deliverer's payout account with the payment provider (decision 041): a Stripe Express
 * connected account (acct_…) or one of the test provider's. can_receive mirrors the provider's
 * `transfers` capability, re-read on each visit and on account.updated; money is sent only then.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  provider: text('provider').notNull(),
  accountId: text('account_id').notNull().unique('payout_accounts_account_unique'),
  canReceive: boolean('can_receive').notNull().default(false),
  /** The provider said a payout of this account to its bank failed (payout.failed). */
  payoutFailedAt: timestamp('payout_failed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * A transfer of a released share to the deliverer's payout account (decision 041): one per release
 * (request_id), posted to the ledger (`payout:<request id>`) before the provider is asked, with
 * the idempotency key `tote-transfer-<request id>`; provider_transfer_id once the provider
 * answered. reversed_cents grows with transfer reversals.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => releases.requestId, { onDelete: 'restrict' })
      .unique('transfers_request_unique'),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    delivererId: uuid('deliverer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    destination: text('destination').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reversedCents: integer('reversed_cents').notNull().default(0),
    /** Of reversed_cents, what the provider confirmed (a reversal is claimed, then sent). */
    reversalSentCents: integer('reversal_sent_cents').notNull().default(0),
    providerTransferId: text('provider_transfer_id').unique('transfers_provider_unique'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('transfers_deliverer_idx').on(t.delivererId, t.createdAt),
    check('transfers_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'transfers_reversed_range',
      sql`${t.reversedCents} >= 0 and ${t.reversedCents} <= ${t.amountCents}`,
    ),
  ],
)

/** The test provider's own books of connected accounts (test mode: no money moves). */
export const testPayoutAccounts = pgTable('test_payout_accounts', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull().unique('test_payout_accounts_user_unique'),
  /** The `transfers` capability: active once onboarding through the account link finished. */
  transfersActive: boolean('transfers_active').notNull().default(false),
  /** The single-use token of the latest account link. */
  linkToken: text('link_token'),
  linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/** The test provider's own books of transfers, like Stripe's (amount, reversals, source). */
export const testTransfers = pgTable('test_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique('test_transfers_key_unique'),
  destination: text('destination').notNull(),
  amountCents: integer('amount_cents').notNull(),
  reversedCents: integer('reversed_cents').notNull().default(0),
  sourceTransaction: text('source_transaction').notNull(),
  transferGroup: text('transfer_group').notNull(),
  createdAt: createdAt(),
})

/**
 * Stripe events received (decision 041), by Stripe's event id: a replay finds its row and changes
 * nothing; processed_at is set once the event was applied (a failure leaves it null, Stripe sends
 * it again and it is applied then).
 */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  objectId: text('object_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
})

/**
 * A card dispute (chargeback) reported by Stripe on an item's payment (decision 041): while
 * lifted_at is null the item's release waits (releaseHeld checks it).
 */
export const releaseFreezes = pgTable(
  'release_freezes',
  {
    providerDisputeId: text('provider_dispute_id').primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    index('release_freezes_active_idx')
      .on(t.itemId)
      .where(sql`${t.liftedAt} is null`),
  ],
)

/** Each reconciliation of the ledger with the provider (nightly, or an admin's), with its differences. */
export const reconciliations = pgTable('reconciliations', {
  id: id(),
  provider: text('provider').notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  balanced: boolean('balanced').notNull(),
  report: jsonb('report').notNull(),
})
