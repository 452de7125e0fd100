import { and, asc, eq, gte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Location } from '../../contract/items'
import type { Db } from '../db/client'
import { deliveryRequests, items } from '../db/schema'
import type { ItemRow } from './item-view'

/**
 * The rules that make an item available to a deliverer, wherever it is (DESIGN.md lifecycle 2):
 * sending approved, status pending, deadline in the future, not their own, and no accepted request.
 * (Items the deliverer already requested stay available: the PWA shows them as 'Requested'.)
 */
export function availableTo(delivererId: string): SQL {
  return and(
    eq(items.sendingApproval, 'approved'),
    eq(items.status, 'pending'),
    sql`${items.deliveryDeadline} > now()`,
    ne(items.senderId, delivererId),
    sql`not exists (select 1 from ${deliveryRequests} where ${deliveryRequests.itemId} = ${items.id} and ${deliveryRequests.requestStatus} = 'accepted')`,
  )!
}

const point = (p: Pick<Location, 'lat' | 'lng'>) =>
  sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`
// These two expressions match the GiST indexes items_from_earth_gist / items_to_earth_gist.
const fromEarth = sql`ll_to_earth(${items.fromLat}, ${items.fromLng})`
const toEarth = sql`ll_to_earth(${items.toLat}, ${items.toLng})`

/**
 * Within `radiusM` metres of `center`: the cube box test lets PostgreSQL use the GiST index, the
 * exact great-circle test drops the box's corners.
 */
const near = (earth: SQL, center: SQL, radiusM: number) =>
  sql`(earth_box(${center}, ${radiusM}::float8) @> ${earth} and earth_distance(${center}, ${earth}) <= ${radiusM}::float8)`

export interface CorridorQuery {
  delivererId: string
  origin: Pick<Location, 'lat' | 'lng'>
  destination: Pick<Location, 'lat' | 'lng'>
  radiusKm: number
  /** Text in the name or description (ILIKE, wildcards escaped). */
  search?: string
  /** Text in the from or to address. */
  location?: string
  /** Deadline on or after this instant. */
  deadlineFrom?: Date
  page: number
  perPage: number
}

/** `%text%` for ILIKE with the user's %, _ and \ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The WHERE of the route corridor: item's from near the origin AND its to near the destination. */
export function corridorWhere(q: Omit<CorridorQuery, 'page' | 'perPage'>): SQL {
  const radiusM = q.radiusKm * 1000
  const conditions: (SQL | undefined)[] = [
    availableTo(q.delivererId),
    near(fromEarth, point(q.origin), radiusM),
    near(toEarth, point(q.destination), radiusM),
  ]
  if (q.search) {
    const p = likePattern(q.search)
    conditions.push(or(sql`${items.name} ilike ${p}`, sql`${items.description} ilike ${p}`))
  }
  if (q.location) {
    const p = likePattern(q.location)
    conditions.push(or(sql`${items.fromAddress} ilike ${p}`, sql`${items.toAddress} ilike ${p}`))
  }
  if (q.deadlineFrom) conditions.push(gte(items.deliveryDeadline, q.deadlineFrom))
  return and(...conditions)!
}

/** Metres from the origin to the item's from plus from its to to the destination. */
export const detourMetres = (q: Pick<CorridorQuery, 'origin' | 'destination'>) =>
  sql<number>`(earth_distance(${point(q.origin)}, ${fromEarth}) + earth_distance(${toEarth}, ${point(q.destination)}))`

export interface CorridorPage {
  rows: { item: ItemRow; distanceKm: number }[]
  total: number
}

/** The page query (a Drizzle builder: the route runs it, the plan test and the bench EXPLAIN it). */
export function corridorQuery(db: Db, q: CorridorQuery) {
  const distance = detourMetres(q).mapWith(Number)
  return db
    .select({ item: items, distance })
    .from(items)
    .where(corridorWhere(q))
    .orderBy(asc(distance), asc(items.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
}

/** One page of the corridor, nearest total distance first (then id), and the total count. */
export async function corridorPage(db: Db, q: CorridorQuery): Promise<CorridorPage> {
  const [rows, [count]] = await Promise.all([
    corridorQuery(db, q),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(items)
      .where(corridorWhere(q)),
  ])
  return {
    rows: rows.map((r) => ({ item: r.item, distanceKm: Math.round(r.distance / 100) / 10 })),
    total: count?.n ?? 0,
  }
}
