import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Location } from '../../contract/items'
import type { Db } from '../db/client'
import { likePattern } from '../db/like-pattern'
import { items } from '../db/schema'
import { DomainError } from '../errors'
import {
  ANTIPODAL_ROUTE,
  corridorBoxes,
  EARTH_KM,
  ORDER_TOLERANCE_KM,
  pathOf,
  unitVector,
  type Path,
  type Vec3,
} from './corridor-geometry'
import { corridorCells } from './corridor-cells'
import type { ItemRow } from './item-view'

/**
 * The rules that make an item available to a deliverer, wherever it is (docs/design.md lifecycle 2):
 * sending approved, status pending, deadline in the future, not their own, and no accepted request.
 * (Items the deliverer already requested stay available: the PWA shows them as 'Requested'.)
 */
export function availableTo(delivererId: string | SQL): SQL {
  const rules = and(
    eq(items.sendingApproval, 'approved'),
    eq(items.status, 'pending'),
    sql`${items.deliveryDeadline} > now()`,
    ne(items.senderId, delivererId),
    // No accepted request: kept on the item by a trigger (migration 0026), not probed per candidate.
    eq(items.taken, false),
  )
  // and() answers undefined only when given no conditions.
  return rules ?? sql`true`
}

/**
 * The 6-D route point of items_route_gist: the item's from and to on the unit sphere.
 * Must stay identical to the index expression in db/schema.ts (routeCube there).
 */
export const routeCube = sql`cube(array[cos(radians(${items.fromLat})) * cos(radians(${items.fromLng})), cos(radians(${items.fromLat})) * sin(radians(${items.fromLng})), sin(radians(${items.fromLat})), cos(radians(${items.toLat})) * cos(radians(${items.toLng})), cos(radians(${items.toLat})) * sin(radians(${items.toLng})), sin(radians(${items.toLat}))])`

/** A vector as three float8 values: an item end's stored unit vector, or a path vector's bind values. */
type Vector = readonly [SQL, SQL, SQL]
/** The item's ends as their stored unit vectors (migration 0026: generated from the latitude and longitude). */
const itemFrom: Vector = [sql`${items.fromX}`, sql`${items.fromY}`, sql`${items.fromZ}`]
const itemTo: Vector = [sql`${items.toX}`, sql`${items.toY}`, sql`${items.toZ}`]

/**
 * The item end's unit vector dotted with a path vector: three products on stored columns, no
 * trigonometry per row (which cost about twice as much on the ten-million-item bench's busy routes).
 */
const dotEnd = ([x, y, z]: Vector, [vx, vy, vz]: Vector) =>
  sql`(${x} * ${vx} + ${y} * ${vy} + ${z} * ${vz})`

/** The dot product of the item's own two ends (cos of the angle between pickup and drop-off). */
const dotEnds = dotEnd(itemFrom, itemTo)

/**
 * Great-circle km from the cosine of the angle: 2R asin(chord / 2), chord / 2 = sqrt((1 - cos) / 2),
 * clamped against rounding (the arithmetic of earthdistance's sec_to_gc, on the unit sphere).
 */
const kmOfCos = (cosine: SQL) =>
  sql`(${sql.raw(String(2 * EARTH_KM))}::float8 * asin(least(1::float8, sqrt(greatest(0::float8, 0.5 - 0.5 * ${cosine})))))`

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
  /** Only the 6-D boxes, never the route cells: the bench compares the two on the same routes. */
  boxesOnly?: boolean
}

/** The path vectors the SQL needs (corridor-geometry.ts Path), three bind values each. */
const VECTORS = ['a', 'b', 'n', 'ta', 'tb', 'm', 'tm'] as const
type VectorName = (typeof VECTORS)[number]
type ArgName =
  | `${VectorName}${'x' | 'y' | 'z'}`
  | `box${number}`
  | 'cells'
  | 'deliverer'
  | 'line'
  | 'cosRadius'
  | 'sinRadius'
  | 'slack'
  | 'routeKm'
  | 'search'
  | 'location'
  | 'deadlineFrom'
  | 'limit'
  | 'offset'
type CorridorArgs = Partial<Record<ArgName, string | number | boolean | number[] | null>>

/** The path of a query; antipodal ends have none (the route answers 400 before asking). */
function pathOfQuery(q: CorridorQuery): Path {
  const path = pathOf(q.origin, q.destination, q.radiusKm)
  if (!path) throw new DomainError('VALIDATION_FAILED', ANTIPODAL_ROUTE)
  return path
}

/** The bind values of one corridor query, by name (the prepared statement's placeholders). */
function corridorArgs(q: CorridorQuery, path: Path): CorridorArgs {
  const vectors: Record<VectorName, Vec3> = {
    a: path.a,
    b: path.b,
    n: path.normal,
    ta: path.tangentA,
    tb: path.tangentB,
    m: path.mid,
    tm: path.tangentMid,
  }
  const args: CorridorArgs = {
    deliverer: q.delivererId,
    line: !path.disc,
    cosRadius: path.cosRadius,
    sinRadius: path.sinRadius,
    slack: ORDER_TOLERANCE_KM / EARTH_KM,
    routeKm: path.length * EARTH_KM,
    search: q.search ? likePattern(q.search) : null,
    location: q.location ? likePattern(q.location) : null,
    deadlineFrom: q.deadlineFrom ? q.deadlineFrom.toISOString() : null,
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  }
  for (const name of VECTORS) {
    const [x, y, z] = vectors[name]
    Object.assign(args, { [`${name}x`]: x, [`${name}y`]: y, [`${name}z`]: z })
  }
  const cells = q.boxesOnly ? null : corridorCells(path)
  if (cells) args.cells = cells
  else corridorBoxes(path).forEach((box, i) => (args[`box${i}`] = box))
  return args
}
/**
 * Which optional filters a query has and how it finds its candidates: route cells (boxes 0) or
 * that many 6-D index boxes. Each combination is its own statement.
 */
interface CorridorShape extends Pick<CorridorQuery, 'search' | 'location' | 'deadlineFrom'> {
  boxes: number
}
const shapeOf = (q: CorridorQuery, args: CorridorArgs): CorridorShape => ({
  search: q.search,
  location: q.location,
  deadlineFrom: q.deadlineFrom,
  boxes: args.cells ? 0 : Object.keys(args).filter((name) => name.startsWith('box')).length,
})
/** A bind value: the value itself (a one-off query) or its placeholder (a prepared statement). */
type Ref = (name: ArgName) => SQL

const float = (ref: Ref, name: ArgName) => sql`${ref(name)}::float8`
const vector = (ref: Ref, name: VectorName): Vector => [
  float(ref, `${name}x`),
  float(ref, `${name}y`),
  float(ref, `${name}z`),
]

/** Within the radius of the path's great circle (always true for a disc: its normal is zero). */
const nearCircleSql = (end: Vector, ref: Ref) =>
  sql`abs(${dotEnd(end, vector(ref, 'n'))}) <= ${float(ref, 'sinRadius')}`

/**
 * Past nearCircleSql, within the radius of the path (corridor-geometry.ts nearPath): beside the arc
 * (between the planes through its ends; never for a disc) or within the radius of either end. Dot
 * products against precomputed cosines: no inverse trigonometry per row.
 */
function nearEndsOrBesideSql(end: Vector, ref: Ref): SQL {
  const cosR = float(ref, 'cosRadius')
  return sql`((${ref('line')}::boolean and ${dotEnd(end, vector(ref, 'ta'))} >= 0 and ${dotEnd(end, vector(ref, 'tb'))} <= 0) or ${dotEnd(end, vector(ref, 'a'))} >= ${cosR} or ${dotEnd(end, vector(ref, 'b'))} >= ${cosR})`
}

/** Along-track position from the arc's midpoint (radians; corridor-geometry.ts alongFromMid). */
const alongSql = (end: Vector, ref: Ref) =>
  sql`atan2(${dotEnd(end, vector(ref, 'tm'))}, ${dotEnd(end, vector(ref, 'm'))})`

/**
 * The WHERE of the corridor: the candidates (the route cells, one B-tree probe each, or the 6-D
 * index boxes, one GiST search each, OR-ed into a bitmap), the availability rules, then the exact
 * tests: both ends near the path, the pickup not after the drop-off (1 km slack), and the
 * optional filters.
 */
function corridorWhere(shape: CorridorShape, ref: Ref): SQL {
  const boxes = Array.from(
    { length: shape.boxes },
    (_, i) => sql`${routeCube} <@ ${ref(`box${i}`)}::cube`,
  )
  const conditions: (SQL | undefined)[] = [
    shape.boxes === 0 ? sql`${items.routeCell} = any(${ref('cells')}::bigint[])` : or(...boxes),
    availableTo(ref('deliverer')),
    // One CASE, not separate conditions: PostgreSQL reorders top-level conditions by estimated
    // cost (which ignores short-circuits) and would run the 4-product order test first. Here the
    // one-product great-circle tests of both ends go first and drop most index candidates.
    sql`case when ${nearCircleSql(itemFrom, ref)} and ${nearCircleSql(itemTo, ref)} then ${nearEndsOrBesideSql(itemFrom, ref)} and ${nearEndsOrBesideSql(itemTo, ref)} and ${alongSql(itemFrom, ref)} <= ${alongSql(itemTo, ref)} + ${float(ref, 'slack')} else false end`,
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
  return sql.join(
    conditions.filter((c): c is SQL => c !== undefined),
    sql` and `,
  )
}

/** Km from the origin to the item's from, and from its to to the destination (distance_km). */
function endsKm(ref: Ref) {
  return sql`(${kmOfCos(dotEnd(itemFrom, vector(ref, 'a')))} + ${kmOfCos(dotEnd(itemTo, vector(ref, 'b')))})`
}

/**
 * The detour in tenths of a km, never negative: origin -> from -> to -> destination less the
 * path. Sorting on the rounded figure the deliverer sees keeps equal detours in deadline order
 * instead of float noise.
 */
function detourTenths(ref: Ref) {
  return sql<number>`greatest(0::float8, round((${endsKm(ref)} + ${kmOfCos(dotEnds)} - ${float(ref, 'routeKm')}) * 10))`
}

/**
 * One pass over the corridor gives the page and, through the window, the total count. The pass
 * reads only columns that items_route_cell_idx carries (migration 0024): PostgreSQL can test every
 * candidate on the index alone, and reads from the table only the page's rows, joined after. At
 * ten million items a busy route's candidates were each on a table page of their own (12 621
 * pages for 12 820 candidates, docs/benchmarks.md). `ref` makes it either a one-off query with the
 * values inline or the text of a prepared statement.
 */
function buildCorridor(db: Db, shape: CorridorShape, ref: Ref, limit: SQL, offset: SQL) {
  const detour = detourTenths(ref)
  const page = db
    .select({
      id: items.id,
      deadline: sql<Date>`${items.deliveryDeadline}`.as('deadline'),
      distance: endsKm(ref).as('distance'),
      detour: detour.as('detour'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(items)
    .where(corridorWhere(shape, ref))
    .orderBy(asc(detour), asc(items.deliveryDeadline), asc(items.id))
    .limit(limit as unknown as number)
    .offset(offset as unknown as number)
    .as('page')
  return db
    .select({
      item: items,
      distance: sql<number>`${page.distance}`.mapWith(Number),
      detour: sql<number>`${page.detour}`.mapWith(Number),
      total: sql<number>`${page.total}`.mapWith(Number),
    })
    .from(page)
    .innerJoin(items, eq(items.id, page.id))
    .orderBy(asc(page.detour), asc(page.deadline), asc(page.id))
}

/** The page query with its values inline, as a Drizzle builder (the plan test and the bench EXPLAIN it). */
export function corridorQuery(db: Db, q: CorridorQuery) {
  const args = corridorArgs(q, pathOfQuery(q))
  // sql.param: one bind value, also for the cells array (a bare array would become a list).
  const ref: Ref = (name) => sql`${sql.param(args[name] ?? null)}`
  return buildCorridor(db, shapeOf(q, args), ref, sql`${args.limit}`, sql`${args.offset}`)
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
 * Prepared statements per database handle, filter combination and box count. Drizzle sends a query without a
 * name as an unnamed statement: a describe round trip, a parse and a fresh plan on every call. A
 * named one is parsed once per connection and, once PostgreSQL settles on its generic plan, no
 * longer planned either; the statement text is also built once instead of on every request.
 */
const statements = new WeakMap<Db, Map<string, ReturnType<typeof prepareCorridor>>>()

function preparedCorridor(db: Db, shape: CorridorShape) {
  const key = `corridor_${shape.boxes}${shape.search ? 's' : ''}${shape.location ? 'l' : ''}${shape.deadlineFrom ? 'd' : ''}`
  let byShape = statements.get(db)
  if (!byShape) statements.set(db, (byShape = new Map()))
  let statement = byShape.get(key)
  if (!statement) byShape.set(key, (statement = prepareCorridor(db, shape, key)))
  return statement
}

export interface OpenItemsQuery {
  delivererId: string
  /** Items whose pickup lies within radiusKm of here, nearest first; none: the newest first. */
  near?: Pick<Location, 'lat' | 'lng'>
  radiusKm: number
  search?: string
  location?: string
  deadlineFrom?: Date
  page: number
  perPage: number
}

/**
 * The items available to the deliverer without a route (issue 29 part 4): near a place (the
 * pickup within the radius, nearest first, distance_km to the pickup) or, with no place, the
 * newest first. A latitude band narrows the rows before the exact distance.
 */
export async function openItemsPage(db: Db, q: OpenItemsQuery) {
  const conditions: (SQL | undefined)[] = [availableTo(q.delivererId)]
  let distance: SQL<number> | null = null
  if (q.near) {
    const [x, y, z] = unitVector(q.near)
    distance = kmOfCos(
      dotEnd(itemFrom, [sql`${x}::float8`, sql`${y}::float8`, sql`${z}::float8`]),
    ) as SQL<number>
    const band = (q.radiusKm / EARTH_KM) * (180 / Math.PI)
    conditions.push(
      sql`${items.fromLat} between ${q.near.lat - band} and ${q.near.lat + band}`,
      sql`${distance} <= ${q.radiusKm}::float8`,
    )
  }
  if (q.search) {
    const p = likePattern(q.search)
    conditions.push(or(sql`${items.name} ilike ${p}`, sql`${items.description} ilike ${p}`))
  }
  if (q.location) {
    const p = likePattern(q.location)
    conditions.push(or(sql`${items.fromAddress} ilike ${p}`, sql`${items.toAddress} ilike ${p}`))
  }
  if (q.deadlineFrom) conditions.push(sql`${items.deliveryDeadline} >= ${q.deadlineFrom}`)
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: items, distance: (distance ?? sql<null>`null`).mapWith(Number) })
      .from(items)
      .where(where)
      .orderBy(...(distance ? [asc(distance)] : [desc(items.createdAt)]), asc(items.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(items)
      .where(where),
  ])
  return {
    rows: rows.map((r) => ({
      item: r.item,
      distanceKm: q.near ? Math.round(r.distance * 10) / 10 : undefined,
    })),
    total: total?.n ?? 0,
  }
}

export interface CorridorPage {
  rows: { item: ItemRow; distanceKm: number; detourKm: number }[]
  total: number
}

/** How many items the corridor holds (only needed for a page past the end). */
async function corridorCount(db: Db, shape: CorridorShape, args: CorridorArgs) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(items)
    .where(corridorWhere(shape, (name) => sql`${sql.param(args[name] ?? null)}`))
  return row?.n ?? 0
}

/** One page of the corridor, smallest detour first (then deadline, then id), and the total count. */
export async function corridorPage(db: Db, q: CorridorQuery): Promise<CorridorPage> {
  const args = corridorArgs(q, pathOfQuery(q))
  const shape = shapeOf(q, args)
  const rows = await preparedCorridor(db, shape).execute(args)
  const total = rows[0]?.total ?? (q.page > 1 ? await corridorCount(db, shape, args) : 0)
  return {
    rows: rows.map((r) => ({
      item: r.item,
      distanceKm: Math.round(r.distance * 10) / 10,
      detourKm: r.detour / 10,
    })),
    total,
  }
}
