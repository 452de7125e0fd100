import { and, desc, eq, sql } from 'drizzle-orm'
import type { TimelineEntry } from '../../contract/handoffs'
import type { InfoRequest, Item } from '../../contract/items'
import { agreedPriceCents, fromCents } from '../../contract/money'
import type { Db } from '../db/client'
import { alias } from 'drizzle-orm/pg-core'
import { deliveryRequests, handoffs, infoRequests, itemPhotos, items, users } from '../db/schema'
import type { RatingSummary } from '../../contract/ratings'
import type { Viewer } from './files'
import { unreadMessages } from './messages'
import { ratingSummaries } from './ratings'

export type { Viewer } from './files'
export type ItemRow = typeof items.$inferSelect
type RequestRow = typeof deliveryRequests.$inferSelect & {
  delivererName: string
  delivererPhone: string
  senderName: string
}
type InfoRequestRow = typeof infoRequests.$inferSelect
type HandoffRow = typeof handoffs.$inferSelect

/** The rows an item's view is made of besides the item itself (loaded in batches by loadRelated). */
export interface ItemRelated {
  requests: RequestRow[]
  /** Newest first. */
  infoRequests: InfoRequestRow[]
  /** Oldest first. */
  photos: { id: string; width: number; height: number }[]
  /** The handoffs of the item's requests (decision 034). */
  handoffs: HandoffRow[]
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString()
const isoOrNull = (d: Date | string | null | undefined) => (d == null ? null : iso(d))

const sender = alias(users, 'sender')
const relatedRequests = (db: Db) =>
  db
    .select({
      request: deliveryRequests,
      delivererName: users.name,
      delivererPhone: users.phone,
      senderName: sender.name,
    })
    .from(deliveryRequests)
    .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
    .innerJoin(items, eq(items.id, deliveryRequests.itemId))
    .innerJoin(sender, eq(sender.id, items.senderId))
    .where(sql`${deliveryRequests.itemId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(deliveryRequests.createdAt, deliveryRequests.id)
    .prepare('related_requests')
const relatedInfoRequests = (db: Db) =>
  db
    .select()
    .from(infoRequests)
    .where(sql`${infoRequests.itemId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(desc(infoRequests.createdAt), desc(infoRequests.id))
    .prepare('related_info_requests')
const relatedPhotos = (db: Db) =>
  db
    .select({
      id: itemPhotos.id,
      itemId: itemPhotos.itemId,
      width: itemPhotos.width,
      height: itemPhotos.height,
    })
    .from(itemPhotos)
    .where(sql`${itemPhotos.itemId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(itemPhotos.createdAt, itemPhotos.id)
    .prepare('related_photos')

const relatedHandoffs = (db: Db) =>
  db
    .select()
    .from(handoffs)
    .where(sql`${handoffs.itemId} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('related_handoffs')

/**
 * Prepared per database handle: every list of items loads these, and the ids travel as one array
 * parameter, so any number of items shares one statement (parsed once per connection, not planned
 * on every call).
 */
const prepared = new WeakMap<
  Db,
  {
    requests: ReturnType<typeof relatedRequests>
    infos: ReturnType<typeof relatedInfoRequests>
    photos: ReturnType<typeof relatedPhotos>
    handoffs: ReturnType<typeof relatedHandoffs>
  }
>()

/** Loads the requests (with deliverer names), info requests, photos and handoffs of many items: four queries for any N. */
export async function loadRelated(db: Db, itemIds: string[]): Promise<Map<string, ItemRelated>> {
  const related = new Map<string, ItemRelated>(
    itemIds.map((id) => [id, { requests: [], infoRequests: [], photos: [], handoffs: [] }]),
  )
  if (itemIds.length === 0) return related
  let statements = prepared.get(db)
  if (!statements)
    prepared.set(
      db,
      (statements = {
        requests: relatedRequests(db),
        infos: relatedInfoRequests(db),
        photos: relatedPhotos(db),
        handoffs: relatedHandoffs(db),
      }),
    )
  const [requests, infos, photos, handoffRows] = await Promise.all([
    statements.requests.execute({ ids: itemIds }),
    statements.infos.execute({ ids: itemIds }),
    statements.photos.execute({ ids: itemIds }),
    statements.handoffs.execute({ ids: itemIds }),
  ])
  for (const { request, ...names } of requests)
    related.get(request.itemId)?.requests.push({ ...request, ...names })
  for (const h of handoffRows) related.get(h.itemId)?.handoffs.push(h)
  for (const i of infos) related.get(i.itemId)?.infoRequests.push(i)
  for (const { itemId, ...photo } of photos) related.get(itemId)?.photos.push(photo)
  return related
}

/** The related rows of an item loadRelated was asked for (it answers an entry for each). */
export function relatedOf(related: Map<string, ItemRelated>, itemId: string): ItemRelated {
  const found = related.get(itemId)
  if (!found) throw new Error(`loadRelated() was not asked for item ${itemId}`)
  return found
}

function infoView(
  row: InfoRequestRow | undefined,
  party: 'sender' | 'deliverer',
): InfoRequest | null {
  if (!row) return null
  return {
    id: row.id,
    description: row.description,
    request_file_path: row.requestFileId,
    ...(party === 'sender'
      ? { sender_response: row.response }
      : { deliverer_response: row.response }),
    response_file_path: row.responseFileId,
    response_at: isoOrNull(row.responseAt),
    created_at: iso(row.createdAt),
  }
}

/**
 * The request whose fields the viewer sees as the item's current one, or undefined.
 * Admin: the current request. Sender: only once sending and delivery are both approved (docs/spec.md
 * section 4). Deliverer: only when it is their own.
 */
function visibleCurrentRequest(
  row: ItemRow,
  related: ItemRelated,
  viewer: Viewer,
): RequestRow | undefined {
  const current = row.currentRequestId
    ? related.requests.find((r) => r.id === row.currentRequestId)
    : undefined
  if (!current) return undefined
  if (viewer.role === 'admin') return current
  if (viewer.role === 'deliverer') return current.delivererId === viewer.id ? current : undefined
  return row.sendingApproval === 'approved' && current.deliveryApproval === 'approved'
    ? current
    : undefined
}

/**
 * Whether the viewer may see where the item goes and whom to call (delivery_address,
 * delivery_phone): its sender, admins, and the deliverer whose request the sender accepted.
 * Nobody browsing or still asking to carry it.
 */
function seesRecipient(row: ItemRow, related: ItemRelated, viewer: Viewer): boolean {
  if (viewer.role === 'admin') return true
  if (viewer.role === 'sender') return row.senderId === viewer.id
  const current = visibleCurrentRequest(row, related, viewer)
  return current?.delivererId === viewer.id && current.requestStatus === 'accepted'
}

/** The accepted current request, when the viewer is its sender, an admin or its deliverer. */
function partyToHandoffs(row: ItemRow, related: ItemRelated, viewer: Viewer) {
  const current = visibleCurrentRequest(row, related, viewer)
  if (current?.requestStatus !== 'accepted') return undefined
  if (viewer.role === 'admin' || current.delivererId === viewer.id) return current
  return viewer.role === 'sender' && row.senderId === viewer.id ? current : undefined
}

/**
 * Accepted, picked up, delivered (decision 034): `at` is the device's moment, `recorded_at` the
 * server's. Moves made before handoffs were recorded show their stamps and no proof.
 */
function timelineOf(row: ItemRow, related: ItemRelated, accepted: RequestRow): TimelineEntry[] {
  const entries: TimelineEntry[] = []
  const acceptedAt = accepted.acceptedAt ?? accepted.updatedAt
  entries.push({
    step: 'accepted',
    at: iso(acceptedAt),
    recorded_at: iso(acceptedAt),
    location: null,
    photo_url: null,
    proof: 'none',
    reason: null,
  })
  const steps = [
    ['picked_up', 'pickup', row.pickedUpAt],
    ['delivered', 'delivery', row.deliveredAt],
  ] as const
  for (const [step, handoffStep, stamp] of steps) {
    const h = related.handoffs.find((x) => x.requestId === accepted.id && x.step === handoffStep)
    if (h?.happenedAt && h.recordedAt)
      entries.push({
        step,
        at: iso(h.happenedAt),
        recorded_at: iso(h.recordedAt),
        location:
          h.latitude !== null && h.longitude !== null
            ? { lat: h.latitude, lng: h.longitude, accuracy_m: h.accuracyM }
            : null,
        photo_url: h.photoFileId ? `/api/proof-of-travel/${h.photoFileId}` : null,
        proof: (h.proof as TimelineEntry['proof'] | null) ?? 'none',
        reason: h.proof === 'admin' ? h.waiveReason : null,
      })
    else if (stamp)
      entries.push({
        step,
        at: iso(stamp),
        recorded_at: iso(stamp),
        location: null,
        photo_url: null,
        proof: 'none',
        reason: null,
      })
  }
  return entries
}

/**
 * What a view shows beyond the item's own rows (decision 039): the records (ratings) of the people
 * the viewer weighs, and the viewer's unread messages per item.
 */
export interface ViewExtras {
  ratings: Map<string, RatingSummary>
  unread: Map<string, number>
}

/** Whose record the viewer sees on the item: the sender weighs the deliverer, deliverers the sender. */
function ratedPeople(row: ItemRow, related: ItemRelated, viewer: Viewer) {
  const current = visibleCurrentRequest(row, related, viewer)
  return {
    deliverer: viewer.role !== 'deliverer' && current ? current.delivererId : undefined,
    sender: viewer.role !== 'sender' ? row.senderId : undefined,
  }
}

/** Whether the viewer is a side of the item's conversation (its sender or accepted deliverer). */
const inThread = (row: ItemRow, related: ItemRelated, viewer: Viewer) =>
  viewer.role !== 'admin' && partyToHandoffs(row, related, viewer) !== undefined

/** The extras of many items: at most two queries for any N (none when nothing is needed). */
export async function loadViewExtras(
  db: Db,
  rows: ItemRow[],
  related: Map<string, ItemRelated>,
  viewer: Viewer,
): Promise<ViewExtras> {
  const people: string[] = []
  const threads: string[] = []
  for (const row of rows) {
    const rel = relatedOf(related, row.id)
    const { deliverer, sender } = ratedPeople(row, rel, viewer)
    if (deliverer) people.push(deliverer)
    if (sender) people.push(sender)
    if (inThread(row, rel, viewer)) threads.push(row.id)
  }
  const [ratings, unread] = await Promise.all([
    ratingSummaries(db, people),
    threads.length ? unreadMessages(db, viewer.id, threads) : [],
  ])
  return { ratings, unread: new Map(unread.map((u) => [u.item_id, u.unread])) }
}

/** The latest request of each deliverer, in the order of the list (oldest first). */
function latestPerDeliverer<R extends { delivererId: string }>(requests: R[]): R[] {
  const last = new Map<string, R>()
  for (const r of requests) last.set(r.delivererId, r)
  return requests.filter((r) => last.get(r.delivererId) === r)
}

/** Pure: one item row + its related rows -> the contract Item, as `viewer` may see it. */
export function buildItemView(
  row: ItemRow,
  related: ItemRelated,
  viewer: Viewer,
  extras?: ViewExtras,
): Item {
  const current = visibleCurrentRequest(row, related, viewer)
  const recipient = seesRecipient(row, related, viewer)
  // Pickup details, the deliverer's phone and the timeline: the parties of an accepted request.
  const accepted = partyToHandoffs(row, related, viewer)
  const ownerOrAdmin =
    viewer.role === 'admin' || (viewer.role === 'sender' && row.senderId === viewer.id)
  // Each deliverer's latest request (oldest first): an earlier, declined one is history, and a
  // new offer after it counts (decision 043).
  const latest = latestPerDeliverer(related.requests)
  const ownLatest =
    viewer.role === 'deliverer' ? latest.find((r) => r.delivererId === viewer.id) : undefined
  const listed =
    viewer.role === 'admin'
      ? related.requests
      : viewer.role === 'deliverer'
        ? // Declined by the sender is not "requested": the deliverer may offer again (issue 29
          // part 8); given back by them still is (decision 042).
          ownLatest && (ownLatest.requestStatus !== 'rejected' || ownLatest.withdrawnAt)
          ? [ownLatest]
          : []
        : current
          ? [current]
          : []
  const rejected = latest.filter(
    (r) =>
      r.requestStatus === 'rejected' &&
      (viewer.role !== 'deliverer' || r.delivererId === viewer.id),
  )
  const latestTo = (party: 'sender' | 'deliverer') =>
    related.infoRequests.find(
      (i) => i.to === party && (viewer.role === 'admin' || i.targetUserId === viewer.id),
    )
  const mayAsk = (party: 'sender' | 'deliverer') => viewer.role === 'admin' || viewer.role === party
  // A deliverer always sees the price of their own request (their offer, or the sender's price they
  // asked to carry it for), current or not yet; never another deliverer's (one request per
  // deliverer and item).
  const priced = viewer.role === 'deliverer' ? ownLatest : current
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    quantity: row.quantity,
    weight: row.weight,
    dimensions: { length: row.length, width: row.width, height: row.height },
    is_fragile: row.isFragile,
    from_location: { lat: row.fromLat, lng: row.fromLng, address: row.fromAddress },
    to_location: { lat: row.toLat, lng: row.toLng, address: row.toAddress },
    delivery_phone: recipient ? row.deliveryPhone : null,
    delivery_address: recipient ? row.deliveryAddress : null,
    delivery_deadline: iso(row.deliveryDeadline),
    special_instructions: row.specialInstructions,
    status: row.status,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    sending_approval: row.sendingApproval,
    delivery_approval: current?.deliveryApproval ?? null,
    request_status: current?.requestStatus ?? null,
    deliverer: current ? { id: current.delivererId, name: current.delivererName } : null,
    deliverer_id: current?.delivererId ?? null,
    // The request's price as contract/money.ts decides it (an offer-less request: the sender price).
    deliverer_price: priced
      ? fromCents(agreedPriceCents(priced.delivererPrice, row.senderPrice))
      : null,
    sender_price: Number(row.senderPrice),
    agreed_price:
      current?.requestStatus === 'accepted' && current.agreedPriceCents !== null
        ? fromCents(current.agreedPriceCents)
        : null,
    proof_of_delivery: row.proofOfDeliveryFileId,
    proof_of_travel: listed.flatMap((r) =>
      r.proofOfTravelFileId
        ? [{ deliverer_id: r.delivererId, file_path: r.proofOfTravelFileId }]
        : [],
    ),
    requested_by: listed.map((r) => r.delivererId),
    rejected_deliverer: rejected.map((r) => ({
      id: r.delivererId,
      name: r.delivererName,
      reason: r.rejectReason,
    })),
    info_request_to_sender: mayAsk('sender') ? infoView(latestTo('sender'), 'sender') : null,
    info_request_to_deliverer: mayAsk('deliverer')
      ? infoView(latestTo('deliverer'), 'deliverer')
      : null,
    photos: related.photos,
    pickup:
      accepted || ownerOrAdmin
        ? {
            address: row.pickupAddress,
            instructions: row.pickupInstructions,
            phone: row.pickupPhone,
            sender_name: accepted?.senderName ?? related.requests[0]?.senderName ?? '',
          }
        : null,
    deliverer_phone: accepted && ownerOrAdmin ? accepted.delivererPhone : null,
    recipient_email: ownerOrAdmin ? row.recipientEmail : null,
    timeline: accepted ? timelineOf(row, related, accepted) : null,
    ...(extras ? extrasOf(row, related, viewer, extras) : {}),
  }
}

function extrasOf(row: ItemRow, related: ItemRelated, viewer: Viewer, extras: ViewExtras) {
  const { deliverer, sender } = ratedPeople(row, related, viewer)
  return {
    ...(deliverer ? { deliverer_rating: extras.ratings.get(deliverer) ?? null } : {}),
    ...(sender ? { sender_rating: extras.ratings.get(sender) ?? null } : {}),
    ...(inThread(row, related, viewer) ? { unread_messages: extras.unread.get(row.id) ?? 0 } : {}),
  }
}

/** Item rows -> contract Items for `viewer`, in the rows' order; a constant number of queries. */
export async function toItemViews(db: Db, rows: ItemRow[], viewer: Viewer): Promise<Item[]> {
  const related = await loadRelated(
    db,
    rows.map((r) => r.id),
  )
  const extras = await loadViewExtras(db, rows, related, viewer)
  return rows.map((row) => buildItemView(row, relatedOf(related, row.id), viewer, extras))
}

/**
 * One item as `viewer` may see it, or null when it does not exist or `canSee` says no (callers
 * answer 404 'Item not found'). `canSee` gets the row and its related rows (e.g. "the deliverer has
 * a request on it", "the sender owns it").
 */
export async function loadItemView(
  db: Db,
  itemId: string,
  viewer: Viewer,
  canSee: (row: ItemRow, related: ItemRelated) => boolean = () => true,
): Promise<Item | null> {
  if (!/^[0-9a-f-]{36}$/i.test(itemId)) return null
  const [row] = await db.select().from(items).where(eq(items.id, itemId))
  if (!row) return null
  const all = await loadRelated(db, [row.id])
  const related = relatedOf(all, row.id)
  if (!canSee(row, related)) return null
  return buildItemView(row, related, viewer, await loadViewExtras(db, [row], all, viewer))
}

/** The latest info request to `party` on an item (what respond-further-info answers). */
export async function latestInfoRequest(db: Db, itemId: string, party: 'sender' | 'deliverer') {
  const [row] = await db
    .select()
    .from(infoRequests)
    .where(and(eq(infoRequests.itemId, itemId), eq(infoRequests.to, party)))
    .orderBy(desc(infoRequests.createdAt), desc(infoRequests.id))
    .limit(1)
  return row
}
