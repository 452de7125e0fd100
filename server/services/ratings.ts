import { and, count, desc, eq, exists, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Rating, type RatingSummary } from '../../contract/ratings'
import { RATING_DAYS, RATING_THRESHOLD, ratingMessages } from '../../contract/rating-rules'
import type { Db } from '../db/client'
import { items, ratingReports, ratings, users } from '../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import { isUuid } from '../../contract/ids'
import { audit } from './audit'
import { partiesOf, windowEnd, type DeliveryParties } from './delivery-parties'
import type { Viewer } from './files'
import { notify, type Notifier } from './notify'

// Double-blind ratings (docs/decisions/039): a rating is revealed, to the other side and in the
// averages, once the other side's rating of the same delivery is in or the window has ended.
// Nothing else waits on a rating: no payout, no move of the item reads this table.

type RatingRow = typeof ratings.$inferSelect

const DAY_MS = 24 * 60 * 60 * 1000

/** The two sides only: admins rate nothing and read ratings through their own list (404 here). */
async function sidesOf(db: Db, itemId: string, viewer: Viewer) {
  const parties = await partiesOf(db, itemId, viewer)
  if (parties.side === 'admin') throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  return parties as DeliveryParties & { side: 'sender' | 'deliverer' }
}

const ratingView = (r: RatingRow): Rating => ({
  id: r.id,
  stars: r.stars,
  comment: r.hiddenAt ? null : r.comment,
  by: r.raterRole,
  created_at: r.createdAt.toISOString(),
  hidden: r.hiddenAt !== null,
})

/** The window of a delivered item, or null before the delivery. */
const windowOf = (item: DeliveryParties['item']) =>
  item.status === 'delivered' ? windowEnd(item, RATING_DAYS) : null

/**
 * POST /api/items/{id}/rating: the caller's one rating of the other side. 409 before the delivery
 * (RATING_NOT_OPEN), for a second one (ALREADY_RATED: no edits), after the window
 * (RATING_WINDOW_CLOSED); 404 for anyone but the two sides. The unique (item, rater) makes two
 * parallel calls store one.
 */
export async function rateDelivery(
  db: Db,
  r: { viewer: Viewer; itemId: string; stars: number; comment: string | null },
  now = new Date(),
): Promise<Rating> {
  const { item, accepted, side } = await sidesOf(db, r.itemId, r.viewer)
  const end = windowOf(item)
  if (!end || !accepted) throw new DomainError('RATING_NOT_OPEN', ratingMessages.notDelivered)
  const [already] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.itemId, item.id), eq(ratings.raterId, r.viewer.id)))
  if (already) throw new DomainError('ALREADY_RATED', ratingMessages.already)
  if (now >= end) throw new DomainError('RATING_WINDOW_CLOSED', ratingMessages.windowClosed)
  const [row] = await db
    .insert(ratings)
    .values({
      itemId: item.id,
      requestId: accepted.id,
      raterId: r.viewer.id,
      rateeId: side === 'sender' ? accepted.delivererId : item.senderId,
      raterRole: side,
      stars: r.stars,
      comment: r.comment,
    })
    .onConflictDoNothing({ target: [ratings.itemId, ratings.raterId] })
    .returning()
  if (!row) throw new DomainError('ALREADY_RATED', ratingMessages.already)
  return ratingView(row)
}

/**
 * GET /api/items/{id}/ratings: `mine`, and `theirs` only once both are in or the window has ended
 * (double-blind). 404 for anyone but the two sides.
 */
export async function ratingsOf(db: Db, viewer: Viewer, itemId: string, now = new Date()) {
  const { item } = await sidesOf(db, itemId, viewer)
  const rows = await db.select().from(ratings).where(eq(ratings.itemId, item.id))
  const mine = rows.find((r) => r.raterId === viewer.id) ?? null
  const theirs = rows.find((r) => r.raterId !== viewer.id) ?? null
  const end = windowOf(item)
  const ended = end !== null && now >= end
  return {
    mine: mine && ratingView(mine),
    theirs: theirs && (mine || ended) ? ratingView(theirs) : null,
    closes_at: end ? end.toISOString() : null,
    can_rate: end !== null && !ended && !mine,
  }
}

/** Revealed: the other side rated the same delivery, or the item's window has ended. */
const revealed = (windowStart: Date) =>
  or(
    lte(items.deliveredAt, windowStart),
    sql`exists (select 1 from ${ratings} other
      where other.item_id = ${ratings.itemId} and other.rater_id <> ${ratings.raterId})`,
  )

/**
 * Each person's record: the average (one decimal) and count of their revealed ratings an admin
 * did not hide, or null below RATING_THRESHOLD of them. One query for any number of people.
 */
export async function ratingSummaries(
  db: Db,
  userIds: string[],
  now = new Date(),
): Promise<Map<string, RatingSummary>> {
  const ids = [...new Set(userIds)]
  const summaries = new Map<string, RatingSummary>(ids.map((id) => [id, null]))
  if (ids.length === 0) return summaries
  const rows = await db
    .select({
      userId: ratings.rateeId,
      n: count(),
      average: sql<number>`avg(${ratings.stars})::float8`,
    })
    .from(ratings)
    .innerJoin(items, eq(items.id, ratings.itemId))
    .where(
      and(
        inArray(ratings.rateeId, ids),
        isNull(ratings.hiddenAt),
        revealed(new Date(now.getTime() - RATING_DAYS * DAY_MS)),
      ),
    )
    .groupBy(ratings.rateeId)
  for (const r of rows)
    if (Number(r.n) >= RATING_THRESHOLD)
      summaries.set(r.userId, {
        average: Math.round(Number(r.average) * 10) / 10,
        count: Number(r.n),
      })
  return summaries
}

/** The rating of `id` (a malformed id is none). */
async function ratingById(db: Db, id: string) {
  if (!isUuid(id)) return undefined
  const [row] = await db.select().from(ratings).where(eq(ratings.id, id))
  return row
}

/**
 * POST /api/ratings/{id}/report: either side of the delivery reports a rating they can see (their
 * own, or the other side's once revealed); anything else is 404 RATING_NOT_FOUND. Once per person
 * and rating (ALREADY_REPORTED). Every active admin is told.
 */
export async function reportRating(
  db: Db,
  notifier: Notifier,
  r: { viewer: Viewer; ratingId: string; reason: string },
  now = new Date(),
) {
  const notFound = () => new DomainError('RATING_NOT_FOUND', ratingMessages.notFound)
  const rating = await ratingById(db, r.ratingId)
  if (!rating || r.viewer.role === 'admin') throw notFound()
  const view = await ratingsOf(db, r.viewer, rating.itemId, now).catch((err: unknown) => {
    throw err instanceof DomainError && err.code === 'ITEM_NOT_FOUND' ? notFound() : err
  })
  if (view.mine?.id !== rating.id && view.theirs?.id !== rating.id) throw notFound()
  await db.transaction(async (tx) => {
    const [report] = await tx
      .insert(ratingReports)
      .values({ ratingId: rating.id, reporterId: r.viewer.id, reason: r.reason })
      .onConflictDoNothing({ target: [ratingReports.ratingId, ratingReports.reporterId] })
      .returning({ id: ratingReports.id })
    if (!report) throw new DomainError('ALREADY_REPORTED', ratingMessages.alreadyReported)
    await notify(tx, notifier, { kind: 'rating_reported', itemId: rating.itemId, reason: r.reason })
  })
}

/**
 * POST /api/admin/ratings/{id}/hide: the rating leaves the averages and its comment is no longer
 * shown to the two sides (admins still read it); audited with the admin's reason. A hidden rating
 * stays hidden (409 for a second time).
 */
export async function hideRating(db: Db, h: { adminId: string; ratingId: string; reason: string }) {
  const rating = await ratingById(db, h.ratingId)
  if (!rating) throw new DomainError('RATING_NOT_FOUND', ratingMessages.notFound)
  await db.transaction(async (tx) => {
    const [hidden] = await tx
      .update(ratings)
      .set({ hiddenAt: sql`now()`, hiddenBy: h.adminId, hiddenReason: h.reason })
      .where(and(eq(ratings.id, rating.id), isNull(ratings.hiddenAt)))
      .returning({ id: ratings.id })
    if (!hidden) throw new DomainError('CONFLICT', ratingMessages.alreadyHidden)
    await audit(tx, {
      actorId: h.adminId,
      action: 'rating.hide',
      targetType: 'rating',
      targetId: rating.id,
      reason: h.reason,
    })
  })
}

const rater = alias(users, 'rater')
const ratee = alias(users, 'ratee')
const reporter = alias(users, 'reporter')

/**
 * GET /api/admin/ratings: the ratings someone reported, the latest report first; with `itemId`,
 * every rating of that item. Admins see comments whether hidden or not, and the reports.
 */
export async function adminRatings(
  db: Db,
  q: { item_id?: string; page: number; per_page: number },
  now = new Date(),
) {
  const lastReport = sql<Date | null>`(select max(${ratingReports.createdAt}) from ${ratingReports} where ${ratingReports.ratingId} = ${ratings.id})`
  const where = q.item_id
    ? eq(ratings.itemId, q.item_id)
    : exists(
        db
          .select({ one: sql`1` })
          .from(ratingReports)
          .where(eq(ratingReports.ratingId, ratings.id)),
      )
  const windowStart = new Date(now.getTime() - RATING_DAYS * DAY_MS)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        rating: ratings,
        item: { id: items.id, name: items.name },
        rater: { id: rater.id, name: rater.name },
        ratee: { id: ratee.id, name: ratee.name },
        revealed: sql<boolean>`coalesce(${revealed(windowStart)}, false)`,
      })
      .from(ratings)
      .innerJoin(items, eq(items.id, ratings.itemId))
      .innerJoin(rater, eq(rater.id, ratings.raterId))
      .innerJoin(ratee, eq(ratee.id, ratings.rateeId))
      .where(where)
      .orderBy(desc(q.item_id ? ratings.createdAt : lastReport), desc(ratings.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(ratings).where(where),
  ])
  const reports = rows.length
    ? await db
        .select({
          ratingId: ratingReports.ratingId,
          reason: ratingReports.reason,
          createdAt: ratingReports.createdAt,
          by: { id: reporter.id, name: reporter.name },
        })
        .from(ratingReports)
        .innerJoin(reporter, eq(reporter.id, ratingReports.reporterId))
        .where(
          inArray(
            ratingReports.ratingId,
            rows.map((r) => r.rating.id),
          ),
        )
        .orderBy(ratingReports.createdAt)
    : []
  return {
    ratings: rows.map((r) => ({
      ...ratingView(r.rating),
      comment: r.rating.comment,
      item: r.item,
      rater: r.rater,
      ratee: r.ratee,
      hidden_reason: r.rating.hiddenReason,
      revealed: Boolean(r.revealed),
      reports: reports
        .filter((x) => x.ratingId === r.rating.id)
        .map((x) => ({ by: x.by, reason: x.reason, created_at: x.createdAt.toISOString() })),
    })),
    pagination: { current_page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
  }
}
