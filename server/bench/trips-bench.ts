/**
 * Saved trips and notifications at size (issue 30 part 5), on the bench's PostgreSQL database:
 * 1. 100 000 trips (BENCH_TRIPS) of 5 000 deliverers (20 each, MAX_TRIPS), routes like the
 *    searches (city pairs 50–1 500 km, radius 5–50 km), set off today to 59 days ahead, with their
 *    route cells as the app saves them; loaded by COPY.
 * 2. Matching an approved item against them (tripsOfItem: the SQL preselection and itemOnTrip),
 *    on 200 random approved items: p50/p95, candidates and matches.
 * 3. The fan-out through the job queue: one trips.match job per item (as an approval queues it),
 *    run by a JobQueue worker: each job's time, the notifications written and the mail jobs queued.
 * 4. A deliverer with 10 000 notifications (BENCH_NOTIFICATIONS) pages through them all,
 *    20 a page as the bell asks (listNotifications): p50/p95, the first and the last page.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { eq } from 'drizzle-orm'
import postgres from 'postgres'
import { openDatabase } from '../db/client'
import { items, jobs } from '../db/schema'
import { JobQueue } from '../jobs/queue'
import { candidateTrips, tripMatchJob, tripsOfItem } from '../services/trip-alerts'
import { tripRouteCells } from '../services/trips'
import { listNotifications } from '../services/user-notifications'
import type { SampleRoute } from './corridor-recall'

const TRIPS = Number(process.env.BENCH_TRIPS || 100_000)
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS || 10_000)
const TRIPS_EACH = 20
const SAMPLE_ITEMS = 200
const FAN_OUT_ITEMS = 50
const PER_PAGE = 20
export const TRIP_MATCH_TARGET_MS = 20
const DAY_MS = 86_400_000

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const ms = (n: number) => `${n.toFixed(1)} ms`
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 }
}

/** COPY text of the trips, 1 000 rows a chunk. */
async function* tripRows(deliverers: string[], route: () => SampleRoute) {
  const today = Date.now()
  for (let from = 0; from < TRIPS; from += 1000) {
    const lines: string[] = []
    for (let i = from; i < Math.min(TRIPS, from + 1000); i++) {
      const r = route()
      const [o, d] = [r.origin_address, r.destination_address]
      const cells = tripRouteCells(o, d, r.radius_km)
      const date = new Date(today + (i % 60) * DAY_MS).toISOString().slice(0, 10)
      lines.push(
        [
          deliverers[Math.floor(i / TRIPS_EACH) % deliverers.length],
          o.lat,
          o.lng,
          'Bench origin',
          d.lat,
          d.lng,
          'Bench destination',
          r.radius_km,
          date,
          cells ? `{${cells.join(',')}}` : '\\N',
        ].join('\t'),
      )
    }
    yield `${lines.join('\n')}\n`
  }
}

async function seedTrips(client: postgres.Sql, route: () => SampleRoute) {
  const [have] = await client<{ n: number }[]>`select count(*)::int as n from trips`
  if ((have?.n ?? 0) >= TRIPS) return console.log(`  reusing ${have?.n} trips`)
  const start = performance.now()
  const count = Math.ceil(TRIPS / TRIPS_EACH)
  await client`
    insert into users (email, name, role, email_verified_at)
    select 'bench-trip-' || g || '@example.com', 'Traveller ' || g, 'deliverer', now()
    from generate_series(1, ${count}::int) g
    on conflict do nothing`
  const deliverers = (
    await client<{ id: string }[]>`
      select id from users where email like 'bench-trip-%' order by email`
  ).map((r) => r.id)
  await client.begin(async (tx) => {
    const writable = await tx
      .unsafe(
        `copy trips (deliverer_id, origin_lat, origin_lng, origin_address, destination_lat,
          destination_lng, destination_address, radius_km, travel_date, route_cells) from stdin`,
      )
      .writable()
    await pipeline(Readable.from(tripRows(deliverers, route)), writable)
  })
  await client`analyze trips`
  const [n] = await client<{ n: number; cells: number }[]>`
    select count(*)::int as n, count(route_cells)::int as cells from trips`
  console.log(
    `  ${n?.n.toLocaleString('en-US')} trips of ${deliverers.length.toLocaleString('en-US')} deliverers seeded (COPY, route cells computed as the app saves them; ${n?.cells.toLocaleString('en-US')} with cells): ${((performance.now() - start) / 1000).toFixed(1)} s`,
  )
}

export interface TripsBenchResult {
  match: { p50: number; p95: number; max: number }
  candidates: number
  matches: number
  fanOut: { p50: number; p95: number; jobs: number; notifications: number; mails: number }
  paging: { p50: number; p95: number; first: number; last: number; pages: number }
}

export async function tripsBench(url: string, route: () => SampleRoute): Promise<TripsBenchResult> {
  console.log(`\n=== Saved trips and notifications: ${TRIPS.toLocaleString('en-US')} trips ===`)
  const client = postgres(url, { max: 1, onnotice: () => {} })
  const database = await openDatabase({ databaseUrl: url })
  const { db } = database
  try {
    await seedTrips(client, route)

    // 2. Matching, as the trips.match job does it, on random approved items (warmed once).
    const sample = await client<{ id: string }[]>`
      select id from items tablesample system (1)
      where sending_approval = 'approved' and status = 'pending' and delivery_deadline > now()
      limit ${SAMPLE_ITEMS}`
    const rows = []
    for (const { id } of sample) {
      const [item] = await db.select().from(items).where(eq(items.id, id))
      if (item) rows.push(item)
    }
    for (const item of rows.slice(0, 20)) await tripsOfItem(db, item)
    const times: number[] = []
    let matches = 0
    const matchesOf = new Map<string, number>()
    for (const item of rows) {
      const start = performance.now()
      const found = (await tripsOfItem(db, item)).length
      times.push(performance.now() - start)
      matches += found
      matchesOf.set(item.id, found)
    }
    const match = stats(times)
    // How many trips the SQL preselects on average (what itemOnTrip then checks).
    let preselected = 0
    for (const item of rows) preselected += (await candidateTrips(db, item)).length
    const candidates = preselected / Math.max(1, rows.length)
    console.log(
      `  matching an approved item against them (tripsOfItem: SQL preselection, then itemOnTrip), ${rows.length} random items: p50 ${ms(match.p50)}  p95 ${ms(match.p95)}  max ${ms(match.max)} (target p95 <= ${TRIP_MATCH_TARGET_MS} ms: ${match.p95 <= TRIP_MATCH_TARGET_MS ? 'PASS' : 'MISS'}); ${candidates.toFixed(1)} candidates and ${(matches / Math.max(1, rows.length)).toFixed(1)} matches an item on average`,
    )

    // 3. Fan-out: trips.match jobs as approvals queue them, run by a worker of our own.
    await db.delete(jobs)
    const queue = new JobQueue(db)
    queue.register(tripMatchJob, {
      db,
      jobs: queue,
      publicOrigin: () => 'http://127.0.0.1',
      pushEnabled: false,
    })
    // Items that match some trip first: at ten million items most sampled items match none, and
    // a fan-out of items without a match shows nothing of it.
    const fanItems = [...rows]
      .sort((a, b) => (matchesOf.get(b.id) ?? 0) - (matchesOf.get(a.id) ?? 0))
      .slice(0, FAN_OUT_ITEMS)
    for (const item of fanItems) await queue.enqueue(tripMatchJob, { itemId: item.id })
    const before = await client<{ n: number }[]>`
      select count(*)::int as n from notifications where kind = 'trip_match'`
    const jobTimes: number[] = []
    // The match jobs were queued first, so they are claimed first; the mails they queue wait.
    for (let i = 0; i < fanItems.length; i++) {
      const start = performance.now()
      await queue.runOne()
      jobTimes.push(performance.now() - start)
    }
    const after = await client<{ n: number }[]>`
      select count(*)::int as n from notifications where kind = 'trip_match'`
    const queued = await client<{ name: string; n: number }[]>`
      select name, count(*)::int as n from jobs group by name order by name`
    const left = queued.find((q) => q.name === tripMatchJob.name)?.n ?? 0
    const mails = queued.filter((q) => q.name !== tripMatchJob.name).reduce((a, q) => a + q.n, 0)
    const fan = stats(jobTimes)
    const written = (after[0]?.n ?? 0) - (before[0]?.n ?? 0)
    console.log(
      `  fan-out through the job queue: ${fanItems.length} trips.match jobs (${left} left unrun), each p50 ${ms(fan.p50)}  p95 ${ms(fan.p95)}; ${written} notifications written, ${mails} jobs queued by them (${queued.map((q) => `${q.name} ${q.n}`).join(', ')})`,
    )
    await db.delete(jobs) // the bench's database: no mail is ever sent from it

    // 4. A deliverer with NOTIFICATIONS notifications pages through them all.
    const [reader] = await client<{ id: string }[]>`
      select id from users where email = 'bench-trip-1@example.com'`
    if (!reader) throw new Error('no bench traveller')
    const [had] = await client<{ n: number }[]>`
      select count(*)::int as n from notifications where user_id = ${reader.id}`
    if ((had?.n ?? 0) < NOTIFICATIONS)
      await client`
        insert into notifications (user_id, kind, title, body, link, item_id, read_at, created_at)
        select ${reader.id}, 'trip_match', 'An item on your trip', 'Bench notification ' || i.g,
          '/available-items/' || i.id, i.id,
          case when i.g % 3 = 0 then null else now() end, now() - i.g * interval '1 minute'
        from (select id, row_number() over () as g from items
              where sending_approval = 'approved' limit ${NOTIFICATIONS - (had?.n ?? 0)}) i`
    const pages = Math.ceil(NOTIFICATIONS / PER_PAGE)
    await listNotifications(db, reader.id, { page: 1, perPage: PER_PAGE })
    const pageTimes: number[] = []
    let seen = 0
    for (let page = 1; page <= pages; page++) {
      const start = performance.now()
      const list = await listNotifications(db, reader.id, { page, perPage: PER_PAGE })
      pageTimes.push(performance.now() - start)
      seen += list.rows.length
    }
    const paging = stats(pageTimes)
    const [first, last] = [pageTimes[0] ?? 0, pageTimes.at(-1) ?? 0]
    console.log(
      `  a deliverer with ${NOTIFICATIONS.toLocaleString('en-US')} notifications pages through all ${pages} pages of ${PER_PAGE} (listNotifications: page, total, unread and whether each item is still open): ${seen.toLocaleString('en-US')} rows; p50 ${ms(paging.p50)}  p95 ${ms(paging.p95)}  max ${ms(paging.max)}; first page ${ms(first)}, last page ${ms(last)}`,
    )
    return {
      match,
      candidates,
      matches,
      fanOut: {
        p50: fan.p50,
        p95: fan.p95,
        jobs: fanItems.length,
        notifications: written,
        mails,
      },
      paging: { p50: paging.p50, p95: paging.p95, first, last, pages },
    }
  } finally {
    await database.close().catch(() => {})
    await client.end({ timeout: 5 })
  }
}
