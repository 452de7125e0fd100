import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type DisputeOutcome, type DisputeView, type SenderDispute } from '../../contract/disputes'
import { disputeMessages } from '../../contract/dispute-rules'
import { isUuid } from '../../contract/ids'
import { fromCents } from '../../contract/money'
import type { MoneyRules } from '../config'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { deliveryRequests, disputes, handoffs, items, releases, users } from '../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import { audit } from './audit'
import {
  checkUpload,
  insertStoredFile,
  travelRefusals,
  withUpload,
  type UploadedFile,
  type Viewer,
} from './files'
import { notify, type Notifier } from './notify'
import { refundableOf, refundItem } from './payments/item-refunds'
import { negativeDelivererBalances } from './payments/ledger'
import { releaseWithin } from './payments/releases'
import { queuePayout } from './payments/transfers'
import type { ObjectStore } from './storage/object-store'

// Disputes (docs/decisions/040-disputes-and-refunds.md): the sender of a delivered item complains
// inside the hold window; the release waits until an admin resolves it, once.

const dollars = (cents: number) => `$${fromCents(cents).toFixed(2)}`

/**
 * POST /api/items/{id}/dispute: 404 for anyone but the item's sender; 409 before delivery
 * (DISPUTE_NOT_DELIVERED), a second time (ALREADY_DISPUTED), once the hold has ended or the money
 * was released (DISPUTE_WINDOW_CLOSED). The optional file follows the proofs' rules (PDF, PNG or
 * JPEG, 2 MB). Under the item's row lock, as the release takes it: a dispute and a release at the
 * same moment end either disputed and unreleased, or released and refused.
 */
export async function openDispute(
  db: Db,
  storage: ObjectStore,
  notifier: Notifier,
  d: { viewer: Viewer; itemId: string; reason: string; file?: UploadedFile },
): Promise<{ itemId: string; openedAt: Date }> {
  const [mine] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, d.itemId), eq(items.senderId, d.viewer.id)))
  if (!mine || d.viewer.role !== 'sender') throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  if (d.file) checkUpload(d.file, travelRefusals)
  return withUpload(storage, d.file, travelRefusals, (put) =>
    db.transaction(async (tx) => {
      const item = one(
        await tx.select().from(items).where(eq(items.id, d.itemId)).for('update'),
        'item',
      )
      const [before] = await tx
        .select({ id: disputes.id })
        .from(disputes)
        .where(eq(disputes.itemId, item.id))
      if (before) throw new DomainError('ALREADY_DISPUTED', disputeMessages.alreadyDisputed)
      if (item.status !== 'delivered' || !item.currentRequestId)
        throw new DomainError('DISPUTE_NOT_DELIVERED', disputeMessages.notDelivered)
      const [hold] = await tx
        .select({
          releasedAt: releases.releasedAt,
          open: sql<boolean>`${releases.releaseAt} > now()`,
        })
        .from(releases)
        .where(eq(releases.requestId, item.currentRequestId))
      if (!hold || hold.releasedAt || !hold.open)
        throw new DomainError('DISPUTE_WINDOW_CLOSED', disputeMessages.windowClosed)
      const request = one(
        await tx
          .select()
          .from(deliveryRequests)
          .where(eq(deliveryRequests.id, item.currentRequestId)),
        'request',
      )
      const fileId = put
        ? await insertStoredFile(tx, put, { ownerId: d.viewer.id, kind: 'dispute_file' })
        : null
      const [row] = await tx
        .insert(disputes)
        .values({
          itemId: item.id,
          requestId: request.id,
          openedBy: d.viewer.id,
          reason: d.reason,
          fileId,
        })
        .onConflictDoNothing({ target: disputes.itemId })
        .returning({ createdAt: disputes.createdAt })
      if (!row) throw new DomainError('ALREADY_DISPUTED', disputeMessages.alreadyDisputed)
      await audit(tx, {
        actorId: d.viewer.id,
        action: 'item.disputed',
        targetType: 'item',
        targetId: item.id,
        reason: d.reason,
      })
      for (const to of ['deliverer', 'admins'] as const)
        await notify(tx, notifier, {
          kind: to === 'admins' ? 'dispute_to_review' : 'dispute_opened',
          itemId: item.id,
          delivererId: request.delivererId,
          to,
          body: d.reason,
        })
      return { itemId: item.id, openedAt: row.createdAt }
    }),
  )
}

/**
 * GET /api/items/{id}/dispute: the sender's view of reporting a problem (404 for anyone but the
 * item's sender, like the POST).
 */
export async function senderDispute(
  db: Db,
  viewer: Viewer,
  itemId: string,
): Promise<SenderDispute> {
  if (viewer.role !== 'sender' || !isUuid(itemId))
    throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  const [item] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.senderId, viewer.id)))
  if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  const [dispute] = await db.select().from(disputes).where(eq(disputes.itemId, item.id))
  const [hold] =
    item.status === 'delivered' && item.currentRequestId
      ? await db
          .select({
            releaseAt: releases.releaseAt,
            releasedAt: releases.releasedAt,
            open: sql<boolean>`${releases.releaseAt} > now()`,
          })
          .from(releases)
          .where(eq(releases.requestId, item.currentRequestId))
      : []
  const windowOpen = Boolean(hold && !hold.releasedAt && hold.open)
  return {
    can_open: windowOpen && !dispute,
    window_ends_at: windowOpen && hold ? iso(hold.releaseAt) : null,
    dispute: dispute
      ? {
          status: dispute.resolvedAt ? 'resolved' : 'open',
          reason: dispute.reason,
          opened_at: iso(dispute.createdAt),
          outcome: (dispute.outcome as DisputeOutcome | null) ?? null,
          refund_amount: dispute.refundCents === null ? null : fromCents(dispute.refundCents),
          note: dispute.note,
          resolved_at: dispute.resolvedAt ? iso(dispute.resolvedAt) : null,
        }
      : null,
  }
}

/**
 * POST /api/admin/disputes/{item_id}/resolve: under the item's row lock, one conditional update
 * of the dispute (resolved_at is null) decides, so of parallel resolutions exactly one applies; the
 * others get 409 DISPUTE_ALREADY_RESOLVED and change nothing. `refund` refunds `refundCents` (409
 * above what is left) from the held money; then what is held is released at once, less the fee
 * on what the sender finally pays (the admin has looked: the rest of the hold protects no one).
 * Both sides are told.
 */
export async function resolveDispute(
  db: Db,
  notifier: Notifier,
  money: Pick<MoneyRules, 'platformFeePercent'>,
  r: {
    adminId: string
    itemId: string
    outcome: DisputeOutcome
    refundCents: number | null
    note: string
  },
): Promise<DisputeView> {
  await db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, r.itemId)).for('update')
    if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.itemId, item.id))
    if (!dispute) throw new DomainError('DISPUTE_NOT_FOUND', disputeMessages.notDisputed)
    if (dispute.resolvedAt)
      throw new DomainError('DISPUTE_ALREADY_RESOLVED', disputeMessages.alreadyResolved)
    const refund =
      r.outcome === 'refund' && r.refundCents
        ? await refundItem(tx, notifier, money, {
            itemId: item.id,
            cents: r.refundCents,
            reason: 'dispute',
            actorId: r.adminId,
            why: r.note,
          })
        : null
    const [resolved] = await tx
      .update(disputes)
      .set({
        outcome: r.outcome,
        refundCents: refund ? refund.cents : null,
        refundId: refund?.refundId ?? null,
        note: r.note,
        resolvedBy: r.adminId,
        resolvedAt: sql`now()`,
      })
      .where(and(eq(disputes.id, dispute.id), isNull(disputes.resolvedAt)))
      .returning({ id: disputes.id })
    if (!resolved)
      throw new DomainError('DISPUTE_ALREADY_RESOLVED', disputeMessages.alreadyResolved)
    // Released now: the hold's end moves to this moment if it was later.
    await tx
      .update(releases)
      .set({ releaseAt: sql`least(${releases.releaseAt}, now())` })
      .where(and(eq(releases.requestId, dispute.requestId), isNull(releases.releasedAt)))
    const released = await releaseWithin(tx, notifier, money, dispute.requestId)
    // Released money goes on to the deliverer's payout account as any release's does (decision 041).
    if (released.released && released.net > 0)
      await queuePayout(notifier.jobs, released.delivererId, tx)
    const [request] = await tx
      .select({ delivererId: deliveryRequests.delivererId })
      .from(deliveryRequests)
      .where(eq(deliveryRequests.id, dispute.requestId))
    await audit(tx, {
      actorId: r.adminId,
      action: 'dispute.resolve',
      targetType: 'item',
      targetId: item.id,
      reason: `${r.outcome}${refund ? ` ${refund.cents} cents` : ''}: ${r.note}`,
    })
    const net = released.released ? released.net : 0
    const words = {
      sender: refund
        ? `Tote refunds you ${dollars(refund.cents)}; the rest of your payment goes to the deliverer. ${r.note}`
        : `Tote found the delivery in order: your payment goes to the deliverer. ${r.note}`,
      deliverer: refund
        ? `Tote refunded the sender ${dollars(refund.cents)}; ${dollars(net)} of your earnings are released. ${r.note}`
        : `Tote found the delivery in order: ${dollars(net)} of your earnings are released. ${r.note}`,
    }
    for (const to of ['sender', 'deliverer'] as const)
      await notify(tx, notifier, {
        kind: 'dispute_resolved',
        itemId: item.id,
        delivererId: request?.delivererId ?? '',
        to,
        body: words[to],
      })
  })
  const [view] = await disputeViews(db, { itemId: r.itemId })
  return one(view ? [view] : [], 'dispute')
}

const sender = alias(users, 'sender')
const deliverer = alias(users, 'deliverer')
const fileUrl = (id: string) => `/api/proof-of-travel/${id}`
const iso = (d: Date) => d.toISOString()

/** GET /api/admin/disputes: the queue (open ones by default), oldest first. */
export async function disputeViews(
  db: Db,
  filter: { status?: 'open' | 'resolved' | 'all'; itemId?: string },
): Promise<DisputeView[]> {
  const rows = await db
    .select({
      dispute: disputes,
      item: items,
      request: deliveryRequests,
      senderName: sender.name,
      delivererName: deliverer.name,
      releaseAt: releases.releaseAt,
    })
    .from(disputes)
    .innerJoin(items, eq(items.id, disputes.itemId))
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, disputes.requestId))
    .innerJoin(sender, eq(sender.id, items.senderId))
    .innerJoin(deliverer, eq(deliverer.id, deliveryRequests.delivererId))
    .leftJoin(releases, eq(releases.requestId, disputes.requestId))
    .where(
      and(
        filter.itemId ? eq(disputes.itemId, filter.itemId) : undefined,
        filter.status === 'open'
          ? isNull(disputes.resolvedAt)
          : filter.status === 'resolved'
            ? isNotNull(disputes.resolvedAt)
            : undefined,
      ),
    )
    .orderBy(asc(disputes.createdAt), asc(disputes.id))
  const photos = rows.length
    ? await db
        .select({ requestId: handoffs.requestId, fileId: handoffs.photoFileId })
        .from(handoffs)
        .where(
          and(
            inArray(
              handoffs.requestId,
              rows.map((r) => r.request.id),
            ),
            isNotNull(handoffs.photoFileId),
          ),
        )
    : []
  const views: DisputeView[] = []
  for (const { dispute, item, request, senderName, delivererName, releaseAt } of rows) {
    const money = await refundableOf(db, item.id)
    const paid = money?.paidCents ?? 0
    const refunded = money?.refundedCents ?? 0
    const files: DisputeView['files'] = []
    if (dispute.fileId)
      files.push({ side: 'sender', kind: 'dispute_file', url: fileUrl(dispute.fileId) })
    if (item.proofOfDeliveryFileId)
      files.push({
        side: 'deliverer',
        kind: 'proof_of_delivery',
        url: fileUrl(item.proofOfDeliveryFileId),
      })
    for (const p of photos)
      if (p.requestId === request.id && p.fileId)
        files.push({ side: 'deliverer', kind: 'pickup_photo', url: fileUrl(p.fileId) })
    const timeline = [
      { step: 'accepted', at: request.acceptedAt ?? request.updatedAt },
      { step: 'picked_up', at: item.pickedUpAt },
      { step: 'delivered', at: item.deliveredAt },
      { step: 'disputed', at: dispute.createdAt },
      { step: 'resolved', at: dispute.resolvedAt },
    ].flatMap((s) => (s.at ? [{ step: s.step, at: iso(s.at) }] : []))
    views.push({
      item_id: item.id,
      item_name: item.name,
      sender: { id: item.senderId, name: senderName },
      deliverer: { id: request.delivererId, name: delivererName },
      reason: dispute.reason,
      status: dispute.resolvedAt ? 'resolved' : 'open',
      opened_at: iso(dispute.createdAt),
      release_at: releaseAt ? iso(releaseAt) : null,
      paid: fromCents(paid),
      refunded: fromCents(refunded),
      refundable: fromCents(Math.max(0, paid - refunded)),
      files,
      timeline,
      outcome: (dispute.outcome as DisputeOutcome | null) ?? null,
      refund_amount: dispute.refundCents === null ? null : fromCents(dispute.refundCents),
      note: dispute.note,
      resolved_at: dispute.resolvedAt ? iso(dispute.resolvedAt) : null,
    })
  }
  return views
}

/** GET /api/admin/balances: the deliverers whose ledger balance is negative, most negative first. */
export async function negativeBalances(db: Db) {
  const accounts = await negativeDelivererBalances(db)
  const ids = accounts.flatMap((a) => (a.userId ? [a.userId] : []))
  const people = ids.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : []
  return accounts.flatMap((a) => {
    const person = people.find((p) => p.id === a.userId)
    return person
      ? [
          {
            user_id: person.id,
            name: person.name,
            email: person.email,
            balance: fromCents(a.cents),
          },
        ]
      : []
  })
}
