import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { SHORT_CODE, type HandoffStep } from '../../contract/handoffs'
import { HANDOFF } from '../../contract/handoff-messages'
import type { Db } from '../db/client'
import { deliveryRequests, handoffs, items, users } from '../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import { defineJob } from '../jobs/define-job'
import type { JobQueue } from '../jobs/queue'
import { audit } from './audit'
import { insertStoredFile, storageError, type PutUpload } from './files'
import { signHandoffCode, readHandoffCode, type HandoffKeyring } from './handoff-keys'
import { processPhoto } from './item-photos'
import type { Mailer } from './mail'
import type { ObjectStore } from './storage/object-store'
import { clearThrottle, LIMITS, throttle, TOO_MANY } from './throttle'

// The handoffs of an accepted request (docs/decisions/034-handoff-codes.md): issuing the two codes,
// showing them to the sender and the recipient, checking one when a step arrives, recording the
// step (when, where, the pickup photo), and an admin's waiver when no code can be had.

const DAY = 24 * 3600 * 1000
/** A code outlives the deadline by a week, and never 90 days (how long a rotated key stays published). */
const CODE_GRACE_MS = 7 * DAY
const CODE_MAX_MS = 90 * DAY
/** A device's clock may run this far ahead of the server's. */
const CLOCK_SKEW_MS = 2 * 60 * 1000

type HandoffRow = typeof handoffs.$inferSelect

const newNonce = () => randomBytes(16).toString('base64url')
const expiryFor = (deadline: Date, now: Date) =>
  new Date(
    Math.min(
      Math.max(deadline.getTime() + CODE_GRACE_MS, now.getTime() + CODE_GRACE_MS),
      now.getTime() + CODE_MAX_MS,
    ),
  )

/**
 * The six digits of a code: an HMAC of its nonce under a server secret, so they are random per
 * code, cannot be worked out from the signed code (whose nonce anyone holding it can read), and
 * need not be stored.
 */
function shortCodeOf(keyring: HandoffKeyring, nonce: string): string {
  const mac = createHmac('sha256', keyring.shortCodeKey).update(`short:${nonce}`).digest()
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0')
}

/**
 * Issues the pickup and delivery codes of an accepted request (in the accept's transaction): one
 * row a step with a fresh nonce and the codes' expiry. Issuing again changes nothing.
 */
export async function issueHandoffs(
  db: Db,
  opts: { itemId: string; requestId: string; deadline: Date; now?: Date },
) {
  const now = opts.now ?? new Date()
  const expiresAt = expiryFor(opts.deadline, now)
  await db
    .insert(handoffs)
    .values(
      (['pickup', 'delivery'] as const).map((step) => ({
        itemId: opts.itemId,
        requestId: opts.requestId,
        step,
        nonce: newNonce(),
        expiresAt,
      })),
    )
    .onConflictDoNothing({ target: [handoffs.requestId, handoffs.step] })
}

/** The item's accepted current request and its handoff rows, or null while none is accepted. */
async function acceptedHandoffs(db: Db, itemId: string) {
  const [row] = await db
    .select({ item: items, request: deliveryRequests, delivererName: users.name })
    .from(items)
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
    .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
    .where(and(eq(items.id, itemId), eq(deliveryRequests.requestStatus, 'accepted')))
  if (!row) return null
  const rows = await db.select().from(handoffs).where(eq(handoffs.requestId, row.request.id))
  return {
    ...row,
    pickup: rows.find((r) => r.step === 'pickup'),
    delivery: rows.find((r) => r.step === 'delivery'),
  }
}

async function codeOf(
  keyring: HandoffKeyring,
  itemId: string,
  delivererId: string,
  row: HandoffRow,
) {
  return {
    // Signed again whenever it is shown (with the current key); only the nonce is kept.
    code: await signHandoffCode(keyring, {
      item: itemId,
      deliverer: delivererId,
      step: row.step,
      nonce: row.nonce,
      exp: Math.floor(row.expiresAt.getTime() / 1000),
      iat: Math.floor(Date.now() / 1000),
    }),
    short_code: shortCodeOf(keyring, row.nonce),
    used_at: row.usedAt?.toISOString() ?? null,
  }
}

/** GET /api/items/{id}/handoff-codes: the sender's item (ownership checked by the caller). */
export async function handoffCodesOf(db: Db, keyring: HandoffKeyring, itemId: string) {
  const found = await acceptedHandoffs(db, itemId)
  if (!found?.pickup || !found.delivery) throw new DomainError('NOT_FOUND', HANDOFF.noCodes)
  const deliverer = found.request.delivererId
  return {
    pickup: await codeOf(keyring, itemId, deliverer, found.pickup),
    delivery: await codeOf(keyring, itemId, deliverer, found.delivery),
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** GET /api/recipient-codes/{token}: the delivery code, until the item is delivered. */
export async function recipientCode(db: Db, keyring: HandoffKeyring, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token))
    throw new DomainError('NOT_FOUND', HANDOFF.linkInvalid)
  const [row] = await db
    .select({
      handoff: handoffs,
      item: items,
      request: deliveryRequests,
      delivererName: users.name,
    })
    .from(handoffs)
    .innerJoin(items, eq(items.id, handoffs.itemId))
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, handoffs.requestId))
    .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
    .where(eq(handoffs.recipientTokenHash, hashToken(token)))
  if (
    !row ||
    (row.item.status !== 'ready_to_pickup' && row.item.status !== 'in_process') ||
    row.item.currentRequestId !== row.request.id ||
    row.handoff.usedAt
  )
    throw new DomainError('NOT_FOUND', HANDOFF.linkInvalid)
  return {
    item_name: row.item.name,
    deliverer_name: row.delivererName,
    delivery: await codeOf(keyring, row.item.id, row.request.delivererId, row.handoff),
  }
}

export interface RecipientMailDeps {
  db: Db
  mailer: Mailer
  publicOrigin: () => string
}

/**
 * The recipient's mail with the link to their delivery code. The link's token is made when the
 * job runs (only its hash is stored, never in the queue); a retry makes a new one.
 */
export const recipientCodeMailJob = defineJob({
  name: 'mail.recipient_code',
  payload: z.object({ itemId: z.string(), requestId: z.string() }),
  async run({ itemId, requestId }, { db, mailer, publicOrigin }: RecipientMailDeps) {
    const sender = alias(users, 'sender')
    const [row] = await db
      .select({ item: items, delivererName: users.name, senderName: sender.name })
      .from(items)
      .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
      .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
      .innerJoin(sender, eq(sender.id, items.senderId))
      .where(and(eq(items.id, itemId), eq(deliveryRequests.id, requestId)))
    if (!row?.item.recipientEmail || row.item.status === 'delivered') return
    const token = randomBytes(32).toString('base64url')
    const [stored] = await db
      .update(handoffs)
      .set({ recipientTokenHash: hashToken(token) })
      .where(and(eq(handoffs.requestId, requestId), eq(handoffs.step, 'delivery')))
      .returning({ id: handoffs.id })
    if (!stored) return
    const link = `${publicOrigin()}/delivery-code/${token}`
    await mailer.send({
      to: row.item.recipientEmail,
      subject: `${row.senderName} is sending you ${row.item.name}`,
      text: [
        `${row.senderName} is sending you "${row.item.name}" with Tote; ${row.delivererName} brings it.`,
        '',
        'When it arrives, show the deliverer the code on this page (or read them its six digits):',
        link,
        '',
        'Keep this link to yourself: whoever has the code can receive the item. It stops working once the item is delivered.',
      ].join('\n'),
    })
  },
})

/** Queues the recipient's mail in the accept's transaction, when the item names a recipient. */
export const queueRecipientMail = (
  jobs: JobQueue,
  db: Db,
  item: { id: string; recipientEmail: string | null },
  requestId: string,
) =>
  item.recipientEmail
    ? jobs.enqueue(recipientCodeMailJob, { itemId: item.id, requestId }, { db })
    : Promise.resolve()

/** What a deliverer's step knows before its transaction: the request, its times, the step's row. */
export async function handoffState(db: Db, itemId: string, step: HandoffStep) {
  const found = await acceptedHandoffs(db, itemId)
  if (!found) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  return {
    requestId: found.request.id,
    delivererId: found.request.delivererId,
    acceptedAt: found.request.acceptedAt,
    pickedUpAt: found.pickup?.happenedAt ?? found.item.pickedUpAt,
    row: found[step],
  }
}
type HandoffState = Awaited<ReturnType<typeof handoffState>>

/** The device's moment of the step: not ahead of the server, not before acceptance (or pickup). */
export function handoffMoment(
  happenedAt: string,
  state: HandoffState,
  step: HandoffStep,
  now = new Date(),
): Date {
  const at = new Date(happenedAt)
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw new DomainError('HANDOFF_TIME_INVALID', HANDOFF.future)
  if (state.acceptedAt && at < state.acceptedAt)
    throw new DomainError('HANDOFF_TIME_INVALID', HANDOFF.beforeAcceptance)
  if (step === 'delivery' && state.pickedUpAt && at < state.pickedUpAt)
    throw new DomainError('HANDOFF_TIME_INVALID', HANDOFF.beforePickup)
  return at
}

export interface ProvenCode {
  handoffId: string
  proof: 'code' | 'short_code'
}

/**
 * Checks a code the deliverer sends for a step (before the move's transaction; the move marks it
 * used). A signed code: its signature by a published key, then item, step, deliverer, expiry, and
 * the issue it names. Six digits: counted per item and step across processes (throttles), five
 * wrong ones lock the step for 15 minutes; a right one clears the count.
 */
export async function checkHandoffCode(
  db: Db,
  keyring: HandoffKeyring,
  opts: { code: string; itemId: string; step: HandoffStep; state: HandoffState },
  now = new Date(),
): Promise<ProvenCode> {
  const { code, itemId, step, state } = opts
  const row = state.row
  if (SHORT_CODE.test(code)) {
    const key = `handoff:${itemId}:${step}`
    await throttle(db, [[key, LIMITS.handoffShortCodes, TOO_MANY.handoffShortCodes]])
    const expected = row ? shortCodeOf(keyring, row.nonce) : '------'
    if (!row || !timingSafeEqual(Buffer.from(expected), Buffer.from(code)))
      throw new DomainError('HANDOFF_CODE_INVALID', HANDOFF.wrongShortCode)
    if (row.usedAt) throw new DomainError('HANDOFF_CODE_USED', HANDOFF.used)
    if (row.expiresAt <= now) throw new DomainError('HANDOFF_CODE_EXPIRED', HANDOFF.expired)
    await clearThrottle(db, key)
    return { handoffId: row.id, proof: 'short_code' }
  }
  const claims = await readHandoffCode(keyring, code)
  if (!claims) throw new DomainError('HANDOFF_CODE_INVALID', HANDOFF.notSigned)
  if (claims.item !== itemId) throw new DomainError('HANDOFF_CODE_INVALID', HANDOFF.otherItem)
  if (claims.step !== step) throw new DomainError('HANDOFF_CODE_INVALID', HANDOFF.otherStep[step])
  if (claims.deliverer !== state.delivererId)
    throw new DomainError('HANDOFF_CODE_INVALID', HANDOFF.otherDeliverer)
  if (claims.exp * 1000 <= now.getTime())
    throw new DomainError('HANDOFF_CODE_EXPIRED', HANDOFF.expired)
  if (!row || row.nonce !== claims.nonce)
    throw new DomainError('HANDOFF_CODE_INVALID', HANDOFF.replaced)
  if (row.usedAt) throw new DomainError('HANDOFF_CODE_USED', HANDOFF.used)
  return { handoffId: row.id, proof: 'code' }
}

/** A processed pickup photo put in the store (before the move's transaction). */
export async function putPickupPhoto(store: ObjectStore, buffer: Buffer): Promise<PutUpload> {
  const photo = await processPhoto(buffer)
  const diskName = randomBytes(16).toString('hex')
  await store.put(diskName, photo.full, 'image/jpeg').catch((err: unknown) => {
    throw storageError(err)
  })
  return { diskName, mime: 'image/jpeg', size: photo.full.length, originalName: 'pickup.jpg' }
}

export interface HandoffRecord {
  requestId: string
  step: HandoffStep
  /** The verified code, if one came. */
  proven: ProvenCode | undefined
  happenedAt: Date
  location: { lat: number; lng: number; accuracyM: number | undefined } | undefined
  photo: PutUpload | undefined
}

/**
 * Records a step in the move's transaction: the code is marked used only if it was not (a code
 * used meanwhile is a 409 and the move rolls back), and the moment, place and photo are kept.
 */
export async function recordHandoff(
  tx: Db,
  record: HandoffRecord,
  owner: { itemId: string; delivererId: string },
) {
  const photoFileId = record.photo
    ? await insertStoredFile(tx, record.photo, { ownerId: owner.delivererId, kind: 'pickup_photo' })
    : null
  const facts = {
    happenedAt: record.happenedAt,
    recordedAt: new Date(),
    latitude: record.location?.lat ?? null,
    longitude: record.location?.lng ?? null,
    accuracyM: record.location?.accuracyM ?? null,
    photoFileId,
  }
  if (record.proven) {
    const [used] = await tx
      .update(handoffs)
      .set({ ...facts, usedAt: sql`now()`, proof: record.proven.proof })
      .where(and(eq(handoffs.id, record.proven.handoffId), sql`${handoffs.usedAt} is null`))
      .returning({ id: handoffs.id })
    if (!used) throw new DomainError('HANDOFF_CODE_USED', HANDOFF.used)
    return
  }
  // No code: a waiver, or none while codes are not required. A request accepted before codes
  // existed gets its row now.
  const proof = sql`case when ${handoffs.waivedAt} is not null then 'admin' else 'none' end`
  await tx
    .insert(handoffs)
    .values({
      itemId: owner.itemId,
      requestId: record.requestId,
      step: record.step,
      nonce: newNonce(),
      expiresAt: new Date(),
      proof: 'none',
      ...facts,
    })
    .onConflictDoUpdate({ target: [handoffs.requestId, handoffs.step], set: { ...facts, proof } })
}

/**
 * POST /api/admin/handoffs: no code can be had (the sender's phone is dead), so an admin lets the
 * deliverer make the step without one. Only for the carried item's steps still ahead; audited.
 */
export async function waiveHandoff(
  db: Db,
  adminId: string,
  opts: { itemId: string; step: HandoffStep; reason: string },
) {
  await db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, opts.itemId)).for('update')
    if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
    const found = await acceptedHandoffs(tx, opts.itemId)
    if (!found) throw new DomainError('BAD_TRANSITION', HANDOFF.noCodes)
    const ahead =
      opts.step === 'pickup'
        ? item.status === 'ready_to_pickup'
        : item.status === 'ready_to_pickup' || item.status === 'in_process'
    if (!ahead) throw new DomainError('BAD_TRANSITION', HANDOFF.notWaivable)
    const waiver = { waivedBy: adminId, waivedAt: new Date(), waiveReason: opts.reason }
    await tx
      .insert(handoffs)
      .values({
        itemId: opts.itemId,
        requestId: found.request.id,
        step: opts.step,
        nonce: newNonce(),
        expiresAt: expiryFor(item.deliveryDeadline, new Date()),
        ...waiver,
      })
      .onConflictDoUpdate({ target: [handoffs.requestId, handoffs.step], set: waiver })
    await audit(tx, {
      actorId: adminId,
      action: `handoff.${opts.step}_waived`,
      targetType: 'item',
      targetId: opts.itemId,
      reason: opts.reason,
    })
  })
}
