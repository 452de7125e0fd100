import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Location } from '../../contract/items'
import type { Db } from '../db/client'
import { likePattern } from '../db/like-pattern'
import { deliveryRequests, items } from '../db/schema'
import type { ItemRow } from './item-view'

/**
 * The rules that make an item available to a deliverer, wherever it is (docs/design.md lifecycle 2):
 * sending approved, status pending, deadline in the future, not their own, and no accepted request.
 * (Items the deliverer already requested stay available: the PWA shows them as 'Requested'.)
 */
export function availableTo(delivererId: string | SQL): SQL {
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
 * Answers the cube's text form (a bind parameter, cast to cube in the query).
 */
function routeBox(q: Pick<CorridorQuery, 'origin' | 'destination' | 'radiusKm'>): string {
  const radiusM = q.radiusKm * 1000
  const half = radiusM / EARTH_M > Math.PI ? 2 : 2 * Math.sin(radiusM / (2 * EARTH_M)) + 1e-9
  const c = [...unit(q.origin.lat, q.origin.lng), ...unit(q.destination.lat, q.destination.lng)]
  return `(${c.map((v) => v - half).join(',')}),(${c.map((v) => v + half).join(',')})`
}

/** ll_to_earth's x, y, z in metres, with PostgreSQL's radians() factor. */
const RAD = Math.PI / 180
const earthXyz = (lat: number, lng: number): [number, number, number] => [
  EARTH_M * Math.cos(lat * RAD) * Math.cos(lng * RAD),
  EARTH_M * Math.cos(lat * RAD) * Math.sin(lng * RAD),
  EARTH_M * Math.sin(lat * RAD),
]

/**
 * earth_distance(ll_to_earth(item), ll_to_earth(point)) in metres, spelt out in built-in functions
 * with the same arithmetic (ll_to_earth's coordinates, cube_distance's sum of squares, sec_to_gc's
 * arcsine). ll_to_earth and sec_to_gc are STRICT SQL functions that PostgreSQL cannot inline:
 * called per row they cost several times the whole indexed search. The point's x, y, z come in as
 * parameters, computed once in JS (they may differ from PostgreSQL's by an ulp: nanometres), so
 * the prepared statement's generic plan costs no more per row than a custom one and PostgreSQL
 * keeps it instead of planning every call.
 */
function greatCircle([lat, lng]: [SQL, SQL], point: [SQL, SQL, SQL]): SQL {
  const R = sql.raw('6378168::float8')
  const item = [
    sql`${R} * cos(radians(${lat})) * cos(radians(${lng}))`,
    sql`${R} * cos(radians(${lat})) * sin(radians(${lng}))`,
    sql`${R} * sin(radians(${lat}))`,
  ]
  const sq = (i: number) => sql`(${item[i]!} - ${point[i]!}) * (${item[i]!} - ${point[i]!})`
  const chord = sql`sqrt(${sq(0)} + ${sq(1)} + ${sq(2)})`
  return sql`(case when ${chord} / (2 * ${R}) > 1 then pi() * ${R} else 2 * ${R} * asin(${chord} / (2 * ${R})) end)`
}
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

/** The bind values of one corridor query, by name (the prepared statement's placeholders). */
function corridorArgs(q: CorridorQuery) {
  const [ox, oy, oz] = earthXyz(q.origin.lat, q.origin.lng)
  const [dx, dy, dz] = earthXyz(q.destination.lat, q.destination.lng)
  return {
    deliverer: q.delivererId,
    ox,
    oy,
    oz,
    dx,
    dy,
    dz,
    radiusM: q.radiusKm * 1000,
    box: routeBox(q),
    search: q.search ? likePattern(q.search) : null,
    location: q.location ? likePattern(q.location) : null,
    deadlineFrom: q.deadlineFrom ? q.deadlineFrom.toISOString() : null,
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  }
}
type CorridorArgs = ReturnType<typeof corridorArgs>
/** Which optional filters a query has: each combination is its own statement. */
type CorridorShape = Pick<CorridorQuery, 'search' | 'location' | 'deadlineFrom'>
/** A bind value: the value itself (a one-off query) or its placeholder (a prepared statement). */
type Ref = (name: keyof CorridorArgs) => SQL

/** The origin's and the destination's x, y, z (metres) as float8 bind values. */
const ends = (ref: Ref) =>
  [
    ['ox', 'oy', 'oz'],
    ['dx', 'dy', 'dz'],
  ].map((names) => names.map((n) => sql`${ref(n as keyof CorridorArgs)}::float8`)) as [
    [SQL, SQL, SQL],
    [SQL, SQL, SQL],
  ]

/** The WHERE of the route corridor: item's from near the origin AND its to near the destination. */
function corridorWhere(shape: CorridorShape, ref: Ref): SQL {
  const [origin, destination] = ends(ref)
  const conditions: (SQL | undefined)[] = [
    sql`${routeCube} <@ ${ref('box')}::cube`,
    availableTo(ref('deliverer')),
    sql`${greatCircle(itemFrom, origin)} <= ${ref('radiusM')}::float8`,
    sql`${greatCircle(itemTo, destination)} <= ${ref('radiusM')}::float8`,
  ]
  if (shape.search) {
    const p = sql`${ref('search')}::text`
    conditions.push(or(sql`${items.name} ilike ${p}`, sql`${items.description} ilike ${p}`))
  }
  if (shape.location) {
    const p = sql`${ref('location')}::text`
    conditions.push(or(sql`${items.fromAddress} ilike ${p}`, sql`${items.toAddress} ilike ${p}`))
  }
  if (shape.deadlineFrom)
    conditions.push(sql`${items.deliveryDeadline} >= ${ref('deadlineFrom')}::timestamptz`)
  return and(...conditions)!
}

/** Metres from the origin to the item's from plus from its to to the destination. */
function detourMetres(ref: Ref) {
  const [origin, destination] = ends(ref)
  return sql<number>`(${greatCircle(itemFrom, origin)} + ${greatCircle(itemTo, destination)})`
}

/**
 * One pass over the corridor gives the page and, through the window, the total count. `ref` makes
 * it either a one-off query with the values inline or the text of a prepared statement.
 */
function buildCorridor(db: Db, shape: CorridorShape, ref: Ref, limit: SQL, offset: SQL) {
  const distance = detourMetres(ref).mapWith(Number)
  return db
    .select({ item: items, distance, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(items)
    .where(corridorWhere(shape, ref))
    .orderBy(asc(distance), asc(items.id))
    .limit(limit as unknown as number)
    .offset(offset as unknown as number)
}

/** The page query with its values inline, as a Drizzle builder (the plan test and the bench EXPLAIN it). */
export function corridorQuery(db: Db, q: CorridorQuery) {
  const args = corridorArgs(q)
  const ref: Ref = (name) => sql`${args[name]}`
  return buildCorridor(db, q, ref, sql`${args.limit}`, sql`${args.offset}`)
}

const placeholders: Ref = (name) => sql`${sql.placeholder(name)}`
const prepareCorridor = (db: Db, shape: CorridorShape, name: string) =>
  buildCorridor(
    db,
    shape,
    placeholders,
    sql`${sql.placeholder('limit')}`,
    sql`${sql.placeholder('offset')}`,
  ).prepare(name)

/**
 * Prepared statements per database handle and filter combination. Drizzle sends a query without a
 * name as an unnamed statement: a describe round trip, a parse and a fresh plan on every call. A
 * named one is parsed once per connection and, once PostgreSQL settles on its generic plan, no
 * longer planned either; the statement text is also built once instead of on every request.
 */
const statements = new WeakMap<Db, Map<string, ReturnType<typeof prepareCorridor>>>()

function preparedCorridor(db: Db, shape: CorridorShape) {
  const key = `corridor_${shape.search ? 's' : ''}${shape.location ? 'l' : ''}${shape.deadlineFrom ? 'd' : ''}`
  let byShape = statements.get(db)
  if (!byShape) statements.set(db, (byShape = new Map()))
  let statement = byShape.get(key)
  if (!statement) byShape.set(key, (statement = prepareCorridor(db, shape, key)))
  return statement
}

export interface CorridorPage {
  rows: { item: ItemRow; distanceKm: number }[]
  total: number
}

/** How many items the corridor holds (only needed for a page past the end). */
async function corridorCount(db: Db, q: CorridorQuery) {
  const args = corridorArgs(q)
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(items)
    .where(corridorWhere(q, (name) => sql`${args[name]}`))
  return row?.n ?? 0
}

/** One page of the corridor, nearest total distance first (then id), and the total count. */
export async function corridorPage(db: Db, q: CorridorQuery): Promise<CorridorPage> {
  const rows = await preparedCorridor(db, q).execute(corridorArgs(q))
  const total = rows.length ? rows[0]!.total : q.page > 1 ? await corridorCount(db, q) : 0
  return {
    rows: rows.map((r) => ({ item: r.item, distanceKm: Math.round(r.distance / 100) / 10 })),
    total,
  }
}
