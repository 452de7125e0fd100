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

/** earthdistance's earth radius in metres (earth()). */
const EARTH_M = 6378168

/** A point on the unit sphere, the way ll_to_earth places it (scaled by 1/earth()). */
const unit = (lat: number, lng: number) => {
  const [φ, λ] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180]
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)]
}

/**
 * The 6-D route point of items_route_gist: the item's from and to on the unit sphere.
 * Must stay identical to the index expression in db/schema.ts (routeCube there).
 */
const routeCube = sql`cube(array[cos(radians(${items.fromLat})) * cos(radians(${items.fromLng})), cos(radians(${items.fromLat})) * sin(radians(${items.fromLng})), sin(radians(${items.fromLat})), cos(radians(${items.toLat})) * cos(radians(${items.toLng})), cos(radians(${items.toLat})) * sin(radians(${items.toLng})), sin(radians(${items.toLat}))])`

/**
 * The 6-D box holding every route whose from lies within `radiusM` of the origin and whose to
 * within `radiusM` of the destination: each end's earth_box (centre ± the chord of radiusM, as
 * earthdistance builds it), widened by 1e-9 (6 mm) so float rounding never drops an edge item. One
 * GiST search of items_route_gist answers both ends at once; the exact great-circle tests follow.
 */
function routeBox(q: Pick<CorridorQuery, 'origin' | 'destination' | 'radiusKm'>): SQL {
  const radiusM = q.radiusKm * 1000
  const half = radiusM / EARTH_M > Math.PI ? 2 : 2 * Math.sin(radiusM / (2 * EARTH_M)) + 1e-9
  const c = [...unit(q.origin.lat, q.origin.lng), ...unit(q.destination.lat, q.destination.lng)]
  const box = `(${c.map((v) => v - half).join(',')}),(${c.map((v) => v + half).join(',')})`
  return sql`${box}::cube`
}

/**
 * earth_distance(ll_to_earth(a), ll_to_earth(b)) in metres, spelt out in built-in functions with
 * the very same arithmetic (ll_to_earth's coordinates, cube_distance's sum of squares, sec_to_gc's
 * arcsine), so the results are bit-for-bit the same. ll_to_earth and sec_to_gc are STRICT SQL
 * functions that PostgreSQL cannot inline: called per row they cost several times the whole
 * indexed search.
 */
function greatCircle(a: [SQL, SQL], b: [SQL, SQL]): SQL {
  const R = sql.raw('6378168::float8')
  const xyz = ([lat, lng]: [SQL, SQL]) => [
    sql`${R} * cos(radians(${lat})) * cos(radians(${lng}))`,
    sql`${R} * cos(radians(${lat})) * sin(radians(${lng}))`,
    sql`${R} * sin(radians(${lat}))`,
  ]
  const [pa, pb] = [xyz(a), xyz(b)]
  const sq = (i: number) => sql`(${pa[i]!} - ${pb[i]!}) * (${pa[i]!} - ${pb[i]!})`
  const chord = sql`sqrt(${sq(0)} + ${sq(1)} + ${sq(2)})`
  return sql`(case when ${chord} / (2 * ${R}) > 1 then pi() * ${R} else 2 * ${R} * asin(${chord} / (2 * ${R})) end)`
}
const at = (p: Pick<Location, 'lat' | 'lng'>): [SQL, SQL] => [
  sql`${p.lat}::float8`,
  sql`${p.lng}::float8`,
]
const itemFrom: [SQL, SQL] = [sql`${items.fromLat}`, sql`${items.fromLng}`]
const itemTo: [SQL, SQL] = [sql`${items.toLat}`, sql`${items.toLng}`]

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
    sql`${routeCube} <@ ${routeBox(q)}`,
    availableTo(q.delivererId),
    sql`${greatCircle(at(q.origin), itemFrom)} <= ${radiusM}::float8`,
    sql`${greatCircle(itemTo, at(q.destination))} <= ${radiusM}::float8`,
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
  sql<number>`(${greatCircle(at(q.origin), itemFrom)} + ${greatCircle(itemTo, at(q.destination))})`

export interface CorridorPage {
  rows: { item: ItemRow; distanceKm: number }[]
  total: number
}

/**
 * The page query (a Drizzle builder: the route runs it, the plan test and the bench EXPLAIN it):
 * one pass over the corridor gives the page and, through the window, the total count.
 */
export function corridorQuery(db: Db, q: CorridorQuery) {
  const distance = detourMetres(q).mapWith(Number)
  return db
    .select({ item: items, distance, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(items)
    .where(corridorWhere(q))
    .orderBy(asc(distance), asc(items.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
}

/** How many items the corridor holds (only needed for a page past the end). */
async function corridorCount(db: Db, q: CorridorQuery) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(items)
    .where(corridorWhere(q))
  return row?.n ?? 0
}

/** One page of the corridor, nearest total distance first (then id), and the total count. */
export async function corridorPage(db: Db, q: CorridorQuery): Promise<CorridorPage> {
  const rows = await corridorQuery(db, q)
  const total = rows.length ? rows[0]!.total : q.page > 1 ? await corridorCount(db, q) : 0
  return {
    rows: rows.map((r) => ({ item: r.item, distanceKm: Math.round(r.distance / 100) / 10 })),
    total,
  }
}
