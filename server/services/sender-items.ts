import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { isUuid } from '../../contract/ids'
import { decide, itemStatuses, type ItemStatus } from '../../contract/lifecycle'
import { wayOutMessages } from '../../contract/way-out-policy'
import {
  type createItemBody,
  type itemFields,
  type itemsQuery,
  type LocationInput,
  type updateItemBody,
} from '../../contract/items'
import type { Db } from '../db/client'
import { likePattern } from '../db/like-pattern'
import { one } from '../db/one'
import { deliveryRequests, items, users } from '../db/schema'
import { DomainError, fieldError, ITEM_NOT_FOUND } from '../errors'
import { audit } from './audit'
import { notify, type Notifier } from './notify'
import { loadItemView, toItemViews } from './item-view'
import { releasePayments, requestIdsOf } from './payments/refunds'

const NOT_EDITABLE = 'This item can no longer be edited'
const NOT_CANCELLABLE = 'This item can no longer be cancelled'

const CHOOSE_LOCATION = 'Choose the location on the map or from the suggestions'
const DEADLINE_IN_FUTURE = 'Delivery deadline must be in the future'

/** A location as stored; a plain string (not geocoded here) is refused with a field error. */
function place(input: LocationInput, field: string) {
  if (typeof input === 'string') throw fieldError(field, CHOOSE_LOCATION)
  return { lat: input.lat, lng: input.lng, address: input.address ?? '' }
}

type ItemFields = z.output<typeof itemFields>

/** The item columns of the create/edit form; refuses string locations and a deadline not in the future. */
function itemColumns(body: ItemFields, now = new Date()) {
  const from = place(body.from_location, 'from_location')
  const to = place(body.to_location, 'to_location')
  const deadline = new Date(body.delivery_deadline)
  if (!(deadline.getTime() > now.getTime()))
    throw fieldError('delivery_deadline', DEADLINE_IN_FUTURE)
  return {
    name: body.name,
    category: body.category,
    description: body.description,
    quantity: body.quantity,
    weight: body.weight,
    length: body.dimensions.length,
    width: body.dimensions.width,
    height: body.dimensions.height,
    isFragile: body.is_fragile,
    fromLat: from.lat,
    fromLng: from.lng,
    fromAddress: from.address,
    toLat: to.lat,
    toLng: to.lng,
    toAddress: to.address,
    deliveryPhone: body.delivery_phone,
    deliveryAddress: body.delivery_address,
    deliveryDeadline: deadline,
    specialInstructions: body.special_instructions,
    pickupAddress: body.pickup_address,
    pickupInstructions: body.pickup_instructions,
    pickupPhone: body.pickup_phone,
    recipientEmail: body.recipient_email || null,
  }
}

/** The sender's own item row, or 404 'Item not found' (also for a malformed id or another's item). */
export async function ownedItem(db: Db, senderId: string, itemId: string) {
  if (!isUuid(itemId)) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.senderId, senderId)))
  if (!row) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  return row
}

const sortColumns = {
  created_at: items.createdAt,
  updated_at: items.updatedAt,
  name: items.name,
  category: items.category,
  status: items.status,
  delivery_deadline: items.deliveryDeadline,
  sender_price: items.senderPrice,
} as const

/** The sender's view of one of their items; another's item, or none, is 404 'Item not found'. */
export async function senderItemView(db: Db, senderId: string, itemId: string) {
  const viewer = { id: senderId, role: 'sender' as const }
  const item = await loadItemView(db, itemId, viewer, (row) => row.senderId === senderId)
  if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  return item
}

/** A new item: pending, awaiting an admin's sending approval (every admin hears of it). */
export async function createItem(
  db: Db,
  notifier: Notifier,
  senderId: string,
  body: z.output<typeof createItemBody>,
) {
  const row = await db.transaction(async (tx) => {
    const created = one(
      await tx
        .insert(items)
        .values({
          ...itemColumns(body),
          senderPrice: body.sender_price.toFixed(2),
          senderId,
          status: 'pending',
          sendingApproval: 'pending',
        })
        .returning({ id: items.id }),
      'item',
    )
    await notify(tx, notifier, { kind: 'item_to_review', itemId: created.id })
    return created
  })
  return senderItemView(db, senderId, row.id)
}

export async function listSenderItems(db: Db, senderId: string, q: z.output<typeof itemsQuery>) {
  const where: (SQL | undefined)[] = [eq(items.senderId, senderId)]
  if (q.status) where.push(eq(items.status, q.status))
  if (q.category) where.push(eq(items.category, q.category))
  if (q.search) {
    const pattern = likePattern(q.search)
    where.push(or(ilike(items.name, pattern), ilike(items.description, pattern)))
  }
  const column = sortColumns[q.sort_by] ?? items.createdAt
  const order = q.sort_order === 'asc' ? asc : desc
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(items)
      .where(and(...where))
      .orderBy(order(column), order(items.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db
      .select({ n: count() })
      .from(items)
      .where(and(...where)),
  ])
  return {
    items: await toItemViews(db, rows, { id: senderId, role: 'sender' }),
    pagination: { current_page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
  }
}

/** Edits only while the sending approval is pending: the conditional update refuses with 409 otherwise. */
export async function updateItem(db: Db, senderId: string, body: z.output<typeof updateItemBody>) {
  await ownedItem(db, senderId, body.item_id)
  const columns = itemColumns(body)
  const updated = await db
    .update(items)
    .set({
      ...columns,
      ...(body.sender_price !== undefined ? { senderPrice: body.sender_price.toFixed(2) } : {}),
    })
    .where(
      and(
        eq(items.id, body.item_id),
        eq(items.senderId, senderId),
        eq(items.sendingApproval, 'pending'),
        eq(items.status, 'pending'),
      ),
    )
    .returning({ id: items.id })
  if (updated.length === 0) throw new DomainError('BAD_TRANSITION', NOT_EDITABLE)
  return senderItemView(db, senderId, body.item_id)
}

/**
 * Cancels an item as contract/lifecycle.ts allows, under the item's row lock so an acceptance or a
 * pickup cannot slip in between; what was paid for it goes back in the same transaction. Pending
 * (no request accepted): as the spec has it. Accepted but not picked up (decision 042): the sender
 * says why, is refunded in full, and the deliverer is told.
 */
export async function cancelItem(
  db: Db,
  notifier: Notifier,
  senderId: string,
  body: { item_id: string; reason?: string | undefined },
) {
  const itemId = body.item_id
  await ownedItem(db, senderId, itemId)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(items)
      .where(and(eq(items.id, itemId), eq(items.senderId, senderId)))
      .for('update')
    if (!row) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const [accepted] = await tx
      .select({ id: deliveryRequests.id, delivererId: deliveryRequests.delivererId })
      .from(deliveryRequests)
      .where(
        and(eq(deliveryRequests.itemId, itemId), eq(deliveryRequests.requestStatus, 'accepted')),
      )
      .limit(1)
    // Any accepted request counts, current or not: the guards' not_accepted and carried.
    const decision = decide('cancel', 'sender', {
      status: row.status,
      sending_approval: row.sendingApproval,
      delivery_approval: null,
      request_status: accepted ? 'accepted' : null,
    })
    if (!decision.ok) throw new DomainError('BAD_TRANSITION', NOT_CANCELLABLE)
    const reason = body.reason || null
    if (accepted && !reason) throw fieldError('reason', wayOutMessages.reasonRequired)
    const { from, to } = decision.transition
    const [moved] = await tx
      .update(items)
      .set({ status: to })
      .where(and(eq(items.id, itemId), eq(items.status, from)))
      .returning({ id: items.id })
    if (!moved) throw new DomainError('BAD_TRANSITION', NOT_CANCELLABLE)
    // Paid, accepted or not yet: refunded in full.
    await releasePayments(tx, notifier.jobs, {
      requestIds: await requestIdsOf(tx, itemId),
      reason: 'item_cancelled',
      actorId: senderId,
    })
    await audit(tx, {
      actorId: senderId,
      action: 'item.cancel',
      targetType: 'item',
      targetId: itemId,
      reason,
    })
    if (accepted)
      await notify(tx, notifier, {
        kind: 'delivery_cancelled',
        itemId,
        delivererId: accepted.delivererId,
        reason: reason ?? '',
      })
  })
  return senderItemView(db, senderId, itemId)
}

export async function approvedDeliverersOf(db: Db, senderId: string) {
  return (
    db
      .selectDistinct({ id: users.id, name: users.name })
      .from(deliveryRequests)
      .innerJoin(items, eq(items.id, deliveryRequests.itemId))
      .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
      // docs/spec.md section 4: a sender learns of a deliverer only once an admin approved the delivery.
      .where(and(eq(items.senderId, senderId), eq(deliveryRequests.deliveryApproval, 'approved')))
      .orderBy(asc(users.name), asc(users.id))
  )
}

export async function senderStats(db: Db, senderId: string) {
  const [byStatus, [extra]] = await Promise.all([
    db
      .select({ status: items.status, n: count() })
      .from(items)
      .where(eq(items.senderId, senderId))
      .groupBy(items.status),
    db
      .select({
        awaiting: sql<number>`count(*) filter (where ${items.sendingApproval} = 'pending' and ${items.status} <> 'cancelled')::int`,
        toReview: sql<number>`count(*) filter (where ${items.sendingApproval} = 'approved' and ${items.status} = 'pending' and ${deliveryRequests.deliveryApproval} = 'approved' and ${deliveryRequests.requestStatus} = 'pending')::int`,
      })
      .from(items)
      .leftJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
      .where(eq(items.senderId, senderId)),
  ])
  const by_status = Object.fromEntries(itemStatuses.map((s) => [s, 0])) as Record<
    ItemStatus,
    number
  >
  for (const r of byStatus) by_status[r.status] = Number(r.n)
  return {
    total: Object.values(by_status).reduce((a, b) => a + b, 0),
    by_status,
    awaiting_approval: Number(extra?.awaiting ?? 0),
    requests_to_review: Number(extra?.toReview ?? 0),
  }
}
