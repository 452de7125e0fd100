/**
 * npm run bench: the available-items corridor under load.
 * 1. PGlite in a temp dir with 100 000 items; 2. PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL
 * overrides) in a fresh tote_bench_<random> database with 1 000 000 items, dropped afterwards.
 * Items run between world cities (the gazetteer's 2 000 largest, bigger ones more often, ±10 km).
 * For each: the real app on a free port, autocannon in a child process (load.mjs, so it does not
 * share the app's event loop) POSTing /api/available-items (BENCH_CONNECTIONS, default 8, for
 * BENCH_SECONDS, default 10; realistic routes: random city pairs 50–1 500 km apart, radius 5–50 km)
 * -> p50/p95/p99 and requests/s; the EXPLAIN (ANALYZE, BUFFERS) of one busy query; direct SQL
 * timings of the route's query with and without the indexes (a plain scan: enable_indexscan and
 * enable_bitmapscan off) and their ratio; and how many items corridor matching (decision 023) finds
 * on the sample routes against the old two-ends rule (from near the origin, to near the destination).
 * On PostgreSQL the items are loaded by COPY with the secondary indexes built after (seed-copy.ts),
 * the disk used is printed, and the corridor is checked against a brute force on 100 sample routes
 * (corridor-recall.ts: recall and precision); then 100 000 saved trips, the matching of approved
 * items against them, its fan-out through the job queue and the paging of 10 000 notifications
 * (trips-bench.ts).
 * Target: HTTP p95 <= 50 ms at 1 000 000 items on PostgreSQL (a PASS/MISS line), held by a running
 * server: the measure follows a warm-up at 2 connections, whose figures (the cold start just after
 * seeding) are printed on their own line.
 * Environment: BENCH_PG_ITEMS, BENCH_PGLITE_ITEMS, BENCH_SECONDS, BENCH_CONNECTIONS,
 * BENCH_ONLY=postgres|pglite|trips (BENCH_SKIP_PGLITE=1 / BENCH_SKIP_PG=1 too; trips: the items
 * seeded on PostgreSQL, then only the saved trips part), BENCH_PG_DB=name (keep and
 * reuse that database between runs instead of a fresh one dropped afterwards), BENCH_RECALL_ROUTES
 * (100), BENCH_SKIP_COMPARE=1, BENCH_SKIP_TRIPS=1, BENCH_TRIPS (100 000), BENCH_NOTIFICATIONS (10 000).
 * On PostgreSQL it then compares one server process with two on the same database, under the same
 * load, as requests per second and their ratio (BENCH_SKIP_SCALE_OUT=1 to skip).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fork, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { buildApp } from '../app'
import { openDatabase, type Database, type Db } from '../db/client'
import { items, sessions, users } from '../db/schema'
import {
  availableTo,
  corridorPage,
  corridorQuery,
  routeCube,
  type CorridorQuery,
} from '../services/corridor'
import { greatCircleKm, pathOf, segmentBoxes } from '../services/corridor-geometry'
import { worldGazetteer, type City } from '../services/places/gazetteer'
import { signSessionToken } from '../services/tokens'
import { one } from '../db/one'
import { corridorRecall, type RecallResult } from './corridor-recall'
import { TRIP_MATCH_TARGET_MS, tripsBench } from './trips-bench'
import { buildIndexes, copyItems, dropIndexes, secondaryIndexes } from './seed-copy'

const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 8)
const TARGET_P95_MS = 50
const ONLY = process.env.BENCH_ONLY
const SKIP_PGLITE =
  Boolean(process.env.BENCH_SKIP_PGLITE) || ONLY === 'postgres' || ONLY === 'trips'
/** BENCH_ONLY=trips: on PostgreSQL, the items seeded (or reused) and then only trips-bench.ts. */
const ONLY_TRIPS = ONLY === 'trips'
const SKIP_PG = Boolean(process.env.BENCH_SKIP_PG) || ONLY === 'pglite'
const JWT_SECRET = 'bench-secret-0123456789-0123456789-0123456789'
const CITY_COUNT = 2000
const RECALL_ROUTES = Number(process.env.BENCH_RECALL_ROUTES || 100)
/** BENCH_SKIP_COMPARE=1: no plain scans, no boxes-only or two-ends comparison (each reads the whole table). */
const COMPARE = !process.env.BENCH_SKIP_COMPARE

const cities: City[] = worldGazetteer()
  .cities.filter((c) => !c.section)
  .sort((a, b) => b.population - a.population)
  .slice(0, CITY_COUNT)
/** Bigger cities more often: index = floor(C · u²). */
const pickCity = () => one(cities.slice(Math.floor(CITY_COUNT * Math.random() ** 2)), 'city')

/** Realistic routes: what one person drives or rides in a day or two (load.mjs draws the same). */
const ROUTE_KM = [50, 1500] as const
const RADIUS_KM = [5, 50] as const
const cityKm = (a: City, b: City) =>
  greatCircleKm({ lat: a.lat, lng: a.lon }, { lat: b.lat, lng: b.lon })

function randomRoute() {
  for (;;) {
    const [a, b] = [pickCity(), pickCity()]
    const km = cityKm(a, b)
    if (a === b || km < ROUTE_KM[0] || km > ROUTE_KM[1]) continue
    return {
      radius_km: RADIUS_KM[0] + Math.floor(Math.random() * (RADIUS_KM[1] - RADIUS_KM[0] + 1)),
      origin_address: { lat: a.lat, lng: a.lon, address: a.name },
      destination_address: { lat: b.lat, lng: b.lon, address: b.name },
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const ms = (n: number) => `${n.toFixed(1)} ms`

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now()
  const out = await run()
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`)
  return out
}

/** PGlite: `n` items between the cities by INSERT … SELECT generate_series, the GiST indexes dropped first. */
async function insertItems(
  database: Database,
  n: number,
  senderId: string,
  gist: { name: string; def: string }[],
) {
  const values = cities.map(
    (c, i) => sql`(${i}, ${c.lat}::float8, ${c.lon}::float8, ${`${c.name}, ${c.country}`})`,
  )
  await database.rows(
    sql`create table bench_cities (idx int primary key, lat float8, lng float8, name text)`,
  )
  for (let i = 0; i < values.length; i += 500)
    await database.rows(
      sql`insert into bench_cities values ${sql.join(values.slice(i, i + 500), sql`, `)}`,
    )
  for (const g of gist) await database.rows(sql.raw(`drop index "${g.name}"`))
  const chunk = 250_000
  await timed(`insert ${n.toLocaleString('en-US')} items`, async () => {
    for (let from = 1; from <= n; from += chunk) {
      const to = Math.min(n, from + chunk - 1)
      await database.rows(sql`
        insert into items (name, category, description, from_lat, from_lng, from_address, to_lat, to_lng,
          to_address, delivery_phone, delivery_address, delivery_deadline, sending_approval, status,
          sender_price, sender_id)
        select 'Parcel ' || g, (array['electronics','clothing','documents','food','other'])[1 + g % 5]::item_category,
          'Bench item ' || g,
          least(89.9, greatest(-89.9, a.lat + (random() - 0.5) * 0.18)), a.lng + (random() - 0.5) * 0.18, a.name,
          least(89.9, greatest(-89.9, b.lat + (random() - 0.5) * 0.18)), b.lng + (random() - 0.5) * 0.18, b.name,
          '+1 555 0100', b.name, now() + (1 + g % 60) * interval '1 day',
          (case when g % 10 < 8 then 'approved' else 'pending' end)::approval,
          (case when g % 20 = 0 then 'delivered' else 'pending' end)::item_status,
          5 + g % 200, ${senderId}
        from (select g, floor(${CITY_COUNT} * power(random(), 2))::int ai,
                     floor(${CITY_COUNT} * power(random(), 2))::int bi
              from generate_series(${from}::int, ${to}::int) g) r
        join bench_cities a on a.idx = r.ai
        join bench_cities b on b.idx = r.bi
        where r.ai <> r.bi`)
    }
  })
}

/** Users, a deliverer, `n` items between the cities and the delivery requests on them. */
async function seed(database: Database, n: number, url?: string) {
  const sender = one(
    await database.db
      .insert(users)
      .values({ email: 'bench-sender@example.com', name: 'Bench Sender', role: 'sender' })
      .returning(),
    'bench sender',
  )
  const deliverer = one(
    await database.db
      .insert(users)
      .values({
        email: 'bench-deliverer@example.com',
        name: 'Bench Deliverer',
        role: 'deliverer',
        emailVerifiedAt: new Date(),
      })
      .returning(),
    'bench deliverer',
  )
  // PostgreSQL: COPY from a stream, with every secondary index of the loaded tables built after.
  const bulk =
    database.kind === 'postgres' && url ? postgres(url, { max: 2, onnotice: () => {} }) : null
  const deferred = bulk ? await secondaryIndexes(bulk, ['items', 'delivery_requests']) : []
  const gist = bulk
    ? []
    : await database.rows<{ name: string; def: string }>(
        sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'items' and indexdef ilike '%using gist%'`,
      )
  if (bulk) {
    await dropIndexes(bulk, deferred)
    await timed(`COPY ${n.toLocaleString('en-US')} items`, () =>
      copyItems(bulk, n, cities, sender.id),
    )
  } else await insertItems(database, n, sender.id, gist)
  await timed('insert delivery requests', async () => {
    // Other deliverers' requests as a live marketplace has them: accepted on the delivered items,
    // pending on one available item in ten, rejected on one in fifty; and the bench deliverer's own
    // pending requests on one in a hundred (their cards show 'Requested').
    await database.rows(sql`
      insert into users (email, name, role, email_verified_at)
      select 'bench-rider-' || g || '@example.com', 'Rider ' || g, 'deliverer', now()
      from generate_series(1, 50) g`)
    await database.rows(sql`
      insert into delivery_requests (item_id, deliverer_id, deliverer_price, accept_privacy,
        consented_at, delivery_approval, request_status, agreed_price_cents)
      select i.id, r.id, i.sender_price, true, now(),
        (case when i.status = 'delivered' then 'approved' else 'pending' end)::approval,
        (case when i.status = 'delivered' then 'accepted'
              when i.pick < 0.02 then 'rejected' else 'pending' end)::request_status,
        (case when i.status = 'delivered' then (i.sender_price * 100)::integer end)
      from (select id, status, sender_price, random() pick, 1 + floor(random() * 50)::int rider
            from items) i
      join users r on r.email = 'bench-rider-' || i.rider || '@example.com'
      where i.status = 'delivered' or i.pick < 0.1`)
    await database.rows(sql`
      insert into delivery_requests (item_id, deliverer_id, deliverer_price, accept_privacy, consented_at)
      select id, ${deliverer.id}, sender_price, true, now()
      from items where status = 'pending' and sending_approval = 'approved' and random() < 0.01`)
    await database.rows(sql`analyze delivery_requests`)
  })
  if (bulk) {
    await timed(`build ${deferred.length} indexes, two at a time`, () =>
      buildIndexes(bulk, deferred),
    )
    // Vacuumed as well, as autovacuum keeps a live table: the corridor's index-only scan
    // (migration 0024) needs the table's pages marked all-visible.
    await timed('vacuum analyze', async () => {
      await bulk`vacuum analyze items`
      await bulk`vacuum analyze delivery_requests`
    })
    await bulk.end({ timeout: 5 })
  } else
    await timed(`build the GiST indexes (${gist.map((g) => g.name).join(', ')})`, async () => {
      for (const g of gist) await database.rows(sql.raw(g.def))
      await database.rows(sql`analyze items`)
    })
  const [counted] = await database.rows<{ count: number }>(
    sql`select count(*)::int as count from items`,
  )
  return { senderId: sender.id, delivererId: deliverer.id, items: Number(counted?.count ?? 0) }
}

/** BENCH_PG_DB: an existing database seeded by an earlier run (iterating without re-seeding). */
async function reuse(database: Database, n: number) {
  if (!process.env.BENCH_PG_DB || database.kind !== 'postgres') return null
  const [row] = await database.rows<{ count: number }>(
    sql`select count(*)::int as count from items`,
  )
  if (Number(row?.count ?? 0) < n * 0.9) return null
  const s = one(
    await database.rows<{ id: string }>(
      sql`select id from users where email = 'bench-sender@example.com'`,
    ),
    'bench sender',
  )
  const d = one(
    await database.rows<{ id: string }>(
      sql`select id from users where email = 'bench-deliverer@example.com'`,
    ),
    'bench deliverer',
  )
  console.log('  reusing the seeded database')
  return { senderId: s.id, delivererId: d.id, items: Number(row?.count ?? 0) }
}

/** Runs `fn` in a transaction with the plain-scan toggle on or off (SET LOCAL stays in it). */
async function withScan<T>(db: Db, plain: boolean, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (plain) {
      await tx.execute(sql`set local enable_indexscan = off`)
      await tx.execute(sql`set local enable_bitmapscan = off`)
    }
    return fn(tx)
  })
}

function toQuery(delivererId: string, r: ReturnType<typeof randomRoute>): CorridorQuery {
  return {
    delivererId,
    origin: r.origin_address,
    destination: r.destination_address,
    radiusKm: r.radius_km,
    page: 1,
    perPage: 10,
  }
}

/**
 * Direct timings of the corridor on the given routes. 'prepared' runs the route's own prepared
 * statement; 'one-off' and 'plain' run it as a fresh query, planned on the spot with the indexes
 * allowed or forbidden (a prepared statement keeps the plan it cached, whatever the settings).
 */
async function sqlTimings(
  db: Db,
  delivererId: string,
  routes: ReturnType<typeof randomRoute>[],
  mode: 'prepared' | 'one-off' | 'plain',
) {
  const times: number[] = []
  for (const r of routes) {
    const q = toQuery(delivererId, r)
    const start = performance.now()
    if (mode === 'prepared') await corridorPage(db, q)
    else await withScan(db, mode === 'plain', (tx) => corridorQuery(tx, q).execute())
    times.push(performance.now() - start)
  }
  return times
}

/**
 * The prepared corridor with its route cells and with the 6-D boxes alone, route by route in turn
 * (so a busy moment of the shared machine falls on both), after one warm-up pass of each.
 */
async function cellsAgainstBoxes(
  db: Db,
  delivererId: string,
  routes: ReturnType<typeof randomRoute>[],
) {
  const cells: number[] = []
  const boxes: number[] = []
  for (const pass of [0, 1])
    for (const r of routes)
      for (const [boxesOnly, times] of [
        [false, cells],
        [true, boxes],
      ] as const) {
        const start = performance.now()
        await corridorPage(db, { ...toQuery(delivererId, r), boxesOnly })
        if (pass === 1) times.push(performance.now() - start)
      }
  return [cells, boxes] as const
}

/** A SQL literal for one of the corridor's own bind values (numbers, uuids, cube text). */
const literal = (v: unknown): string =>
  v === null
    ? 'null'
    : typeof v === 'number'
      ? String(v)
      : Array.isArray(v)
        ? `'{${v.join(',')}}'`
        : `'${String(v).replace(/'/g, "''")}'`

/** A busy realistic route: the largest city and the largest one 50–1 500 km from it. */
function busyRoute(): [City, City] {
  const [a] = cities
  const b = cities.find(
    (c) => c !== a && a && cityKm(a, c) >= ROUTE_KM[0] && cityKm(a, c) <= ROUTE_KM[1],
  )
  if (!a || !b) throw new Error('no busy route in the gazetteer')
  return [a, b]
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the corridor on a busy route (busyRoute(), 50 km). The
 * indexed run shows the generic plan of the prepared statement, which is what the route executes
 * once PostgreSQL has settled on it; the plain scan shows a one-off plan with indexes disabled.
 */
async function explain(database: Database, delivererId: string, plain: boolean) {
  const [a, b] = busyRoute()
  const q = corridorQuery(database.db, {
    delivererId,
    origin: { lat: a.lat, lng: a.lon },
    destination: { lat: b.lat, lng: b.lon },
    radiusKm: 50,
    page: 1,
    perPage: 10,
  })
  return withScan(database.db, plain, async (tx) => {
    const lines = async (query: ReturnType<typeof sql>) => {
      const res = (await tx.execute(query)) as unknown
      const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<
        string,
        string
      >[]
      return rows.map((row) => Object.values(row)[0]).join('\n')
    }
    if (plain) return lines(sql`explain (analyze, buffers) ${q}`)
    const { sql: text, params } = q.toSQL()
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
    await tx.execute(sql.raw(`prepare bench_corridor as ${text}`))
    const plan = await lines(
      sql.raw(
        `explain (analyze, buffers) execute bench_corridor(${params.map(literal).join(', ')})`,
      ),
    )
    await tx.execute(sql`deallocate bench_corridor`)
    return plan
  })
}

/**
 * How many items the old two-ends rule finds on a route (from within the radius of the origin, to
 * within it of the destination; earth_distance, as before decision 023), on the same 6-D index.
 */
async function twoEndsCount(db: Db, delivererId: string, r: ReturnType<typeof randomRoute>) {
  const [o, d] = [r.origin_address, r.destination_address]
  const [po, pd] = [pathOf(o, o, r.radius_km), pathOf(d, d, r.radius_km)]
  const [bo, bd] = [po && segmentBoxes(po)[0], pd && segmentBoxes(pd)[0]]
  if (!bo || !bd) return 0
  const box = `(${[...bo.min, ...bd.min].join(',')}),(${[...bo.max, ...bd.max].join(',')})`
  const near = (lat: unknown, lng: unknown, p: { lat: number; lng: number }) =>
    sql`earth_distance(ll_to_earth(${lat}, ${lng}), ll_to_earth(${p.lat}, ${p.lng})) <= ${r.radius_km * 1000}`
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(items)
    .where(
      sql`${routeCube} <@ ${box}::cube and ${availableTo(delivererId)} and ${near(items.fromLat, items.fromLng, o)} and ${near(items.toLat, items.toLng, d)}`,
    )
  return row?.n ?? 0
}

/** Items found on the routes by the corridor (its total) and by the two-ends rule. */
async function corridorAgainstTwoEnds(
  db: Db,
  delivererId: string,
  routes: ReturnType<typeof randomRoute>[],
) {
  const out = { corridor: 0, twoEnds: 0, corridorRoutes: 0, twoEndsRoutes: 0 }
  for (const r of routes) {
    const { total } = await corridorPage(db, toQuery(delivererId, r))
    const two = await twoEndsCount(db, delivererId, r)
    out.corridor += total
    out.twoEnds += two
    if (total) out.corridorRoutes++
    if (two) out.twoEndsRoutes++
  }
  return out
}

/** Migrates the database and seeds its n items (or reuses them, BENCH_PG_DB). */
async function prepare(label: string, database: Database, n: number, url?: string) {
  console.log(`\n=== ${label}: ${n.toLocaleString('en-US')} items ===`)
  await timed('migrate', () => database.migrate())
  const seeded =
    (await reuse(database, n)) ?? (await timed('seeded in all', () => seed(database, n, url)))
  console.log(`  items in the table: ${seeded.items.toLocaleString('en-US')}`)
  return seeded
}

async function benchBackend(
  label: string,
  database: Database,
  n: number,
  dataDir: string,
  url?: string,
) {
  const seeded = await prepare(label, database, n, url)
  if (database.kind === 'postgres') {
    const [size] = await database.rows<{ db: string; items: string }>(
      sql`select pg_size_pretty(pg_database_size(current_database())) as db, pg_size_pretty(pg_total_relation_size('items')) as items`,
    )
    console.log(`  disk used: database ${size?.db}, items with its indexes ${size?.items}`)
  }

  const app = await buildApp({
    env: {
      NODE_ENV: 'test',
      SEED: 'false',
      JWT_SECRET,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
    },
    database,
    logger: false,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const expiresAt = new Date(Date.now() + 3600_000)
  const session = one(
    await database.db
      .insert(sessions)
      .values({ userId: seeded.delivererId, expiresAt })
      .returning({ id: sessions.id }),
    'bench session',
  )
  const token = await signSessionToken(app.jwtSecret, {
    sub: seeded.delivererId,
    jti: session.id,
    exp: expiresAt,
  })

  const endpoint = `http://127.0.0.1:${port}/api/available-items?per_page=10`
  // The target is what a running server holds, as the scale-out part measures it: first a warm-up
  // (the server just started, the tables just vacuumed: JIT and buffers cold), printed for itself.
  const cold = await load(endpoint, token, 2)
  console.log(
    `  warm-up, 2 connections, ${SECONDS} s, straight after the start (cold, not the target): p50 ${ms(cold.p50)}  p95 ${ms(cold.p95)}  p99 ${ms(cold.p99)}  ${cold.rps.toFixed(0)} req/s`,
  )
  const http = await load(endpoint, token)
  console.log(
    `  HTTP POST /api/available-items (indexes), autocannon in a child process, ${CONNECTIONS} connections, ${SECONDS} s: ${http.total} requests, ${http.non2xx} non-2xx, ${http.errors} errors, ${http.found} with results`,
  )
  console.log(
    `    p50 ${ms(http.p50)}  p95 ${ms(http.p95)}  p99 ${ms(http.p99)}  ${http.rps.toFixed(0)} req/s`,
  )

  const samples = Array.from({ length: 30 }, randomRoute)
  const indexed = await sqlTimings(database.db, seeded.delivererId, samples, 'prepared')
  const [cells, boxes] = COMPARE
    ? await cellsAgainstBoxes(database.db, seeded.delivererId, samples)
    : [[], []]
  // The plain scan reads the whole table each time: a handful of the same routes.
  const few = samples.slice(0, n >= 500_000 ? 5 : 10)
  const oneOff = COMPARE ? await sqlTimings(database.db, seeded.delivererId, few, 'one-off') : []
  const plain = COMPARE ? await sqlTimings(database.db, seeded.delivererId, few, 'plain') : []
  const p = (s: number[]) => {
    const sorted = [...s].sort((a, b) => a - b)
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }
  }
  const [i, f, s] = [p(indexed), p(oneOff), p(plain)]
  console.log(`  SQL, the route's query (page + total in one), direct:`)
  console.log(
    `    prepared statement (as the route runs it), ${samples.length} routes: p50 ${ms(i.p50)}  p95 ${ms(i.p95)}`,
  )
  const [c, b] = [p(cells), p(boxes)]
  const matched = COMPARE
    ? await corridorAgainstTwoEnds(database.db, seeded.delivererId, samples)
    : { corridor: 0, twoEnds: 0, corridorRoutes: 0, twoEndsRoutes: 0 }
  if (!COMPARE)
    console.log('  BENCH_SKIP_COMPARE: no boxes-only, one-off, plain-scan or two-ends comparison')
  else {
    console.log(
      `    route cells against 6-D boxes only (decision 025), prepared, alternating, same routes: cells p50 ${ms(c.p50)}  p95 ${ms(c.p95)}, boxes p50 ${ms(b.p50)}  p95 ${ms(b.p95)}; ratio boxes/cells p50 ×${(b.p50 / c.p50).toFixed(1)}  p95 ×${(b.p95 / c.p95).toFixed(1)}`,
    )
    console.log(
      `    one-off query, indexes, first ${few.length} of them: p50 ${ms(f.p50)}  p95 ${ms(f.p95)}`,
    )
    console.log(
      `    one-off query, plain scan, same ${few.length} routes: p50 ${ms(s.p50)}  p95 ${ms(s.p95)}`,
    )
    console.log(
      `    ratio plain/indexes (same ${few.length} routes): p50 ×${(s.p50 / f.p50).toFixed(0)}  p95 ×${(s.p95 / f.p95).toFixed(0)}`,
    )
    console.log(
      `  items found on the same ${samples.length} routes: corridor ${matched.corridor.toLocaleString('en-US')}, two-ends rule ${matched.twoEnds.toLocaleString('en-US')} (×${(matched.corridor / Math.max(1, matched.twoEnds)).toFixed(1)}); routes with any: corridor ${matched.corridorRoutes}, two-ends ${matched.twoEndsRoutes}`,
    )
  }
  let recall: RecallResult | null = null
  if (url && RECALL_ROUTES > 0) {
    const client = postgres(url, { max: 1, onnotice: () => {} })
    try {
      recall = await corridorRecall(
        database.db,
        client,
        seeded.delivererId,
        Array.from({ length: RECALL_ROUTES }, randomRoute),
      )
    } finally {
      await client.end({ timeout: 5 })
    }
    const pct = (v: number) => `${(v * 100).toFixed(2)} %`
    console.log(
      `  recall and precision on ${recall.routes} sample routes (the corridor query, all pages, against a plain scan tested in JS by matchesCorridor): query ${recall.byQuery.toLocaleString('en-US')} items, scan ${recall.byScan.toLocaleString('en-US')}, both ${recall.both.toLocaleString('en-US')}; recall ${pct(recall.recall)}  precision ${pct(recall.precision)}; routes differing ${recall.differing} (query ${recall.querySeconds.toFixed(1)} s, scan ${recall.scanSeconds.toFixed(1)} s)`,
    )
  }
  const [busyA, busyB] = busyRoute()
  console.log(
    `  EXPLAIN (ANALYZE), ${busyA.name} -> ${busyB.name} (${cityKm(busyA, busyB).toFixed(0)} km), 50 km, indexes, the prepared statement's generic plan:`,
  )
  console.log((await explain(database, seeded.delivererId, false)).replace(/^/gm, '    '))
  if (COMPARE) {
    console.log('  EXPLAIN (ANALYZE), same query, plain scan:')
    console.log((await explain(database, seeded.delivererId, true)).replace(/^/gm, '    '))
  }
  await app.close() // also closes the database (db plugin)
  return { http, sql: { indexed: i, oneOff: f, plain: s }, matched, token, recall, seeded }
}

interface LoadResult {
  p50: number
  p95: number
  p99: number
  rps: number
  total: number
  non2xx: number
  errors: number
  found: number
}

/** autocannon in a child process (load.mjs): the app keeps its event loop to itself. */
function load(url: string, token: string, connections = CONNECTIONS): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load.mjs', import.meta.url)), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (m: LoadResult | { error: string }) =>
      'error' in m ? reject(new Error(m.error)) : resolve(m),
    )
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)))
    child.send({
      url,
      token,
      connections,
      seconds: SECONDS,
      cities: cities.map((c) => [c.lat, c.lon, c.name]),
    })
  })
}

type BackendResult = Awaited<ReturnType<typeof benchBackend>>

function summaryLine(label: string, r: BackendResult) {
  const { http, sql: q, matched: m } = r
  return [
    `${label} items, HTTP (indexes, ${CONNECTIONS} connections): p50 ${ms(http.p50)}  p95 ${ms(http.p95)}  p99 ${ms(http.p99)}  ${http.rps.toFixed(0)} req/s`,
    COMPARE
      ? `    SQL prepared p50 ${ms(q.indexed.p50)}  p95 ${ms(q.indexed.p95)}; one-off with indexes p50 ${ms(q.oneOff.p50)}  p95 ${ms(q.oneOff.p95)}; plain scan p50 ${ms(q.plain.p50)}  p95 ${ms(q.plain.p95)}; ratio plain/indexes p50 ×${(q.plain.p50 / q.oneOff.p50).toFixed(0)}  p95 ×${(q.plain.p95 / q.oneOff.p95).toFixed(0)}`
      : `    SQL prepared p50 ${ms(q.indexed.p50)}  p95 ${ms(q.indexed.p95)}`,
    ...(COMPARE
      ? [
          `    items found on the sample routes: corridor ${m.corridor}, two-ends rule ${m.twoEnds} (×${(m.corridor / Math.max(1, m.twoEnds)).toFixed(1)})`,
        ]
      : []),
    ...(r.recall
      ? [
          `    corridor against a brute-force scan, ${r.recall.routes} routes: recall ${(r.recall.recall * 100).toFixed(2)} %  precision ${(r.recall.precision * 100).toFixed(2)} % (${r.recall.both} of ${r.recall.byScan} / ${r.recall.byQuery})`,
        ]
      : []),
  ].join('\n')
}

/** A Tote server process on `databaseUrl` (the sources through tsx, as `npm start` runs them). */
async function spawnServer(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tote-bench-proc-'))
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SEED: 'false',
      JWT_SECRET,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${baseURL}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url: `${baseURL}/api/available-items?per_page=10`,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Decision 015: the same load (CONNECTIONS in all, SECONDS) on one server process, then split over
 * two processes on the same database; requests per second of each and their ratio.
 */
async function scaleOut(databaseUrl: string, token: string) {
  console.log('\n=== PostgreSQL: one process against two, the same load ===')
  const [first, second] = await Promise.all([spawnServer(databaseUrl), spawnServer(databaseUrl)])
  try {
    await load(first.url, token, 2) // warm-up: prepared statements, caches
    await load(second.url, token, 2)
    const one = await load(first.url, token)
    const half = Math.max(1, Math.round(CONNECTIONS / 2))
    const split = await Promise.all([
      load(first.url, token, half),
      load(second.url, token, CONNECTIONS - half),
    ])
    const twoRps = split[0].rps + split[1].rps
    const twoP95 = Math.max(split[0].p95, split[1].p95)
    console.log(`  one process:  ${one.rps.toFixed(0)} req/s, p95 ${ms(one.p95)}`)
    console.log(`  two processes: ${twoRps.toFixed(0)} req/s, p95 ${ms(twoP95)} (the slower half)`)
    console.log(`  ratio two/one: ×${(twoRps / one.rps).toFixed(2)}`)
    return { oneRps: one.rps, twoRps }
  } finally {
    await Promise.all([first.stop(), second.stop()])
  }
}

async function postgresAnswers() {
  const client = postgres(PG_URL, { max: 1, connect_timeout: 2, onnotice: () => {} })
  try {
    await client`select 1`
    return true
  } catch {
    return false
  } finally {
    await client.end({ timeout: 1 }).catch(() => {})
  }
}

async function main() {
  const started = performance.now()
  const summary: string[] = []
  let verdict = ''
  if (!SKIP_PGLITE) {
    const dir = mkdtempSync(path.join(tmpdir(), 'tote-bench-'))
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') })
    try {
      const n = Number(process.env.BENCH_PGLITE_ITEMS || 100_000)
      const r = await benchBackend('PGlite', database, n, dir)
      summary.push(summaryLine(`PGlite ${n.toLocaleString('en-US')}`, r))
    } finally {
      await database.close().catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    }
  }
  if (!SKIP_PG && (await postgresAnswers())) {
    const keep = process.env.BENCH_PG_DB
    const name = keep || `tote_bench_${randomBytes(4).toString('hex')}`
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} })
    const exists = await admin`select 1 from pg_database where datname = ${name}`
    if (!exists.length) await admin.unsafe(`create database ${name}`)
    const url = new URL(PG_URL)
    url.pathname = `/${name}`
    const dir = mkdtempSync(path.join(tmpdir(), 'tote-bench-'))
    const database = await openDatabase({ databaseUrl: url.toString() })
    try {
      const n = Number(process.env.BENCH_PG_ITEMS || 1_000_000)
      const r = ONLY_TRIPS
        ? (await prepare('PostgreSQL', database, n, url.toString()), null)
        : await benchBackend('PostgreSQL', database, n, dir, url.toString())
      if (r) summary.push(summaryLine(`PostgreSQL ${n.toLocaleString('en-US')}`, r))
      if (!process.env.BENCH_SKIP_TRIPS) {
        const t = await tripsBench(url.toString(), randomRoute)
        summary.push(
          `PostgreSQL ${n.toLocaleString('en-US')} items, saved trips: matching an item p50 ${ms(t.match.p50)}  p95 ${ms(t.match.p95)} (${t.match.p95 <= TRIP_MATCH_TARGET_MS ? 'PASS' : 'MISS'}, target <= ${TRIP_MATCH_TARGET_MS} ms); trips.match jobs p50 ${ms(t.fanOut.p50)}  p95 ${ms(t.fanOut.p95)}, ${t.fanOut.notifications} notifications and ${t.fanOut.mails} jobs from ${t.fanOut.jobs} items; notification pages p50 ${ms(t.paging.p50)}  p95 ${ms(t.paging.p95)} (${t.paging.pages} pages)`,
        )
      }
      if (r && !process.env.BENCH_SKIP_SCALE_OUT) {
        const scale = await scaleOut(url.toString(), r.token)
        summary.push(
          `PostgreSQL ${n.toLocaleString('en-US')} items, ${CONNECTIONS} connections: one process ${scale.oneRps.toFixed(0)} req/s, two processes ${scale.twoRps.toFixed(0)} req/s (×${(scale.twoRps / scale.oneRps).toFixed(2)})`,
        )
      }
      if (r)
        verdict = `${r.http.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS'}: PostgreSQL ${n.toLocaleString('en-US')} items, HTTP p95 ${ms(r.http.p95)} (target <= ${TARGET_P95_MS} ms, ${CONNECTIONS} connections)`
    } finally {
      await database.close().catch(() => {})
      if (!keep) await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end({ timeout: 2 })
      rmSync(dir, { recursive: true, force: true })
    }
  } else if (!SKIP_PG) console.log('\nPostgreSQL does not answer: skipped.')
  console.log(`\n=== summary (${((performance.now() - started) / 1000).toFixed(0)} s) ===`)
  for (const line of summary) console.log(line)
  if (verdict) console.log(verdict)
}

await main()
