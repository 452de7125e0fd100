import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { deliveryRequests, items } from '../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import { audit } from './audit'
import { availableTo } from './corridor'
import { insertStoredFile, type PutUpload } from './files'
import { recordHandoff, type HandoffRecord } from './handoffs'
import type { ItemRow } from './item-view'
import type { LifecycleContext, Transition } from '../../contract/lifecycle'
import { notify, type Notifier } from './notify'
import { holdForRelease } from './payments/releases'
import type { MoneyRules } from '../config'

// The deliverer's side of the item lifecycle (docs/design.md lifecycle 3-5): requesting an item,
// the dashboard's counters, the lists of their work, and moving a carried item along.

const ALREADY_REQUESTED = 'You have already requested this item'
export const BAD_TRANSITION = 'This delivery cannot move to that status'

/** Whether the item is available to the deliverer (availableTo without the corridor). */
export async function isAvailable(db: Db, itemId: string, delivererId: string, lock = false) {
  const q = db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, itemId), availableTo(delivererId)))
  const [row] = lock ? await q.for('update', { of: items }) : await q
  return Boolean(row)
}

export interface NewRequest {
  itemId: string
  delivererId: string
  /** The offer, already truncated to cents; undefined means the sender's price. */
  delivererPrice: number | undefined
  /** The travel document, stored before the transaction (withUpload deletes it on a refusal). */
  travelDocument: PutUpload | undefined
}

/**
 * POST /api/request-item: one live request per item and deliverer, on an item still available to
 * them (locked while the request is written), with its travel document and an audit entry. After
 * the sender declined (or the deliverer gave it back), a new offer is a new request; the old one
 * stays as history (decision 043).
 */
export async function requestItem(db: Db, notifier: Notifier, r: NewRequest): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await isAvailable(tx, r.itemId, r.delivererId, true))) {
      throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    }
    // isAvailable just found it, under the same transaction.
    const item = one(
      await tx.select({ senderPrice: items.senderPrice }).from(items).where(eq(items.id, r.itemId)),
      'item',
    )
    const price = r.delivererPrice !== undefined ? r.delivererPrice.toFixed(2) : item.senderPrice
    const [created] = await tx
      .insert(deliveryRequests)
      .values({
        itemId: r.itemId,
        delivererId: r.delivererId,
        delivererPrice: price,
        acceptPrivacy: true,
        consentedAt: new Date(),
        deliveryApproval: 'pending',
        requestStatus: 'pending',
      })
      // One live request per item and deliverer; a declined one is history (decision 043).
      .onConflictDoNothing()
      .returning({ id: deliveryRequests.id })
    if (!created) throw new DomainError('CONFLICT', ALREADY_REQUESTED)
    // The route checked that a document came with the request.
    if (!r.travelDocument) throw new Error('The travel document was not stored')
    const fileId = await insertStoredFile(tx, r.travelDocument, {
      ownerId: r.delivererId,
      kind: 'proof_of_travel',
    })
    await tx
      .update(deliveryRequests)
      .set({ proofOfTravelFileId: fileId })
      .where(eq(deliveryRequests.id, created.id))
    await audit(tx, {
      actorId: r.delivererId,
      action: 'delivery_request.create',
      targetType: 'delivery_request',
      targetId: created.id,
    })
    await notify(tx, notifier, {
      kind: 'request_to_review',
      itemId: r.itemId,
      delivererId: r.delivererId,
    })
  })
}

/** GET /api/deliverer-stats: items available to them, and their carried items by status. */
export async function delivererStats(db: Db, delivererId: string) {
  const [[available], byStatus] = await Promise.all([
    db.select({ n: count() }).from(items).where(availableTo(delivererId)),
    db
      .select({ status: items.status, n: count() })
      .from(items)
      .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
      .where(eq(deliveryRequests.delivererId, delivererId))
      .groupBy(items.status),
  ])
  const of = (s: string) => Number(byStatus.find((r) => r.status === s)?.n ?? 0)
  return {
    available_items: Number(available?.n ?? 0),
    ready_to_pickup_items: of('ready_to_pickup'),
    in_process_items: of('in_process'),
    delivered_items: of('delivered'),
  }
}

/** The joined request is the deliverer's latest on its item (older ones are history). */
const latestOwnRequest = sql`not exists (select 1 from delivery_requests newer
  where newer.item_id = ${deliveryRequests.itemId} and newer.deliverer_id = ${deliveryRequests.delivererId}
  and (newer.created_at, newer.id) > (${deliveryRequests.createdAt}, ${deliveryRequests.id}))`

/** One page of item rows joined to this deliverer's request, with the total. */
async function requestPage(
  db: Db,
  delivererId: string,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  perPage: number,
): Promise<{ rows: ItemRow[]; total: number }> {
  const joined = and(
    eq(deliveryRequests.itemId, items.id),
    eq(deliveryRequests.delivererId, delivererId),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: items })
      .from(items)
      .innerJoin(deliveryRequests, joined)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(items).innerJoin(deliveryRequests, joined).where(where),
  ])
  return { rows: rows.map((r) => r.item), total: Number(total?.n ?? 0) }
}

/**
 * GET /api/my-deliveries: the deliverer's work.
 * - Carried: the item's current request is theirs and accepted (ready_to_pickup, in_process,
 *   delivered).
 * - Waiting: their request is still pending on an item that is still open (status pending);
 *   rejected requests live under /api/rejected-requests, cancelled items drop out.
 * Order: in_process, ready_to_pickup, waiting requests, delivered; then the newest change first.
 */
export function myDeliveriesPage(db: Db, delivererId: string, page: number, perPage: number) {
  const carried = and(
    eq(items.currentRequestId, deliveryRequests.id),
    eq(deliveryRequests.requestStatus, 'accepted'),
    sql`${items.status} in ('ready_to_pickup', 'in_process', 'delivered')`,
  )
  const waiting = and(eq(deliveryRequests.requestStatus, 'pending'), eq(items.status, 'pending'))
  const rank = sql`case when ${deliveryRequests.requestStatus} = 'pending' then 2
    when ${items.status} = 'in_process' then 0
    when ${items.status} = 'ready_to_pickup' then 1 else 3 end`
  return requestPage(
    db,
    delivererId,
    or(carried, waiting),
    [asc(rank), desc(items.updatedAt), asc(items.id)],
    page,
    perPage,
  )
}

/**
 * GET /api/rejected-requests: items whose sender rejected this deliverer's latest request (an item
 * they offered again after a rejection is back under My deliveries, decision 043).
 */
export function rejectedRequestsPage(db: Db, delivererId: string, page: number, perPage: number) {
  return requestPage(
    db,
    delivererId,
    and(eq(deliveryRequests.requestStatus, 'rejected'), latestOwnRequest),
    [desc(deliveryRequests.updatedAt), asc(items.id)],
    page,
    perPage,
  )
}

/**
 * The lifecycle context of an item this deliverer carries (their accepted current request), or
 * null when they do not carry it.
 */
export async function carriedItemContext(
  db: Db,
  itemId: string,
  delivererId: string,
): Promise<LifecycleContext | null> {
  const [row] = await db
    .select({
      status: items.status,
      sending_approval: items.sendingApproval,
      delivery_approval: deliveryRequests.deliveryApproval,
      request_status: deliveryRequests.requestStatus,
    })
    .from(items)
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
    .where(
      and(
        eq(items.id, itemId),
        eq(deliveryRequests.delivererId, delivererId),
        eq(deliveryRequests.requestStatus, 'accepted'),
      ),
    )
  return row ?? null
}

export interface DeliveryMove {
  itemId: string
  delivererId: string
  /** A pick_up or deliver move of contract/lifecycle.ts that decide() allowed. */
  move: Transition
  /** The proof of delivery, stored before the transaction. */
  proof: PutUpload | undefined
  /** The step's code, moment, place and photo (decision 034). */
  handoff: HandoffRecord
}

const stampColumns = { picked_up_at: 'pickedUpAt', delivered_at: 'deliveredAt' } as const

/** Moves a carried item one step, conditional on the move's `from`: a concurrent change is a 409. */
export async function moveDelivery(
  db: Db,
  notifier: Notifier,
  money: Pick<MoneyRules, 'payoutHoldHours'>,
  m: DeliveryMove,
): Promise<void> {
  const { from, to, stamp } = m.move
  const at = new Date()
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(items)
      .set({ status: to, ...(stamp && { [stampColumns[stamp]]: at }) })
      .where(and(eq(items.id, m.itemId), eq(items.status, from)))
      .returning({ id: items.id, currentRequestId: items.currentRequestId })
    if (!moved) throw new DomainError('BAD_TRANSITION', BAD_TRANSITION)
    // Delivered: the deliverer's share is released PAYOUT_HOLD_HOURS from now (decision 038).
    if (to === 'delivered' && moved.currentRequestId)
      await holdForRelease(tx, notifier.jobs, money, {
        itemId: m.itemId,
        requestId: moved.currentRequestId,
        delivererId: m.delivererId,
        deliveredAt: at,
      })
    if (m.proof) {
      const fileId = await insertStoredFile(tx, m.proof, {
        ownerId: m.delivererId,
        kind: 'proof_of_delivery',
      })
      await tx.update(items).set({ proofOfDeliveryFileId: fileId }).where(eq(items.id, m.itemId))
    }
    await recordHandoff(tx, m.handoff, m)
    await audit(tx, {
      actorId: m.delivererId,
      action: `delivery.${to}`,
      targetType: 'item',
      targetId: m.itemId,
    })
    await notify(tx, notifier, {
      kind: m.move.event === 'pick_up' ? 'picked_up' : 'delivered',
      itemId: m.itemId,
      delivererId: m.delivererId,
    })
  })
}
