/**
 * Recall and precision of the corridor query (decisions 023 and 025) against a brute force of the
 * same rule computed another way: one plain scan of every item the deliverer may see (the
 * availability rule in SQL, no corridor condition, no index), each tested in JS by
 * corridor-geometry's matchesCorridor against every sample route. The query side is the route's
 * own prepared statement (route cells, then the SQL dot products), all pages at once.
 */
import type postgres from 'postgres'
import type { Db } from '../db/client'
import { items } from '../db/schema'
import { availableTo, corridorPage } from '../services/corridor'
import { matchesCorridor, nearPath, pathOf, unitVector } from '../services/corridor-geometry'

export interface SampleRoute {
  radius_km: number
  origin_address: { lat: number; lng: number }
  destination_address: { lat: number; lng: number }
}

export interface RecallResult {
  routes: number
  byQuery: number
  byScan: number
  both: number
  /** Routes where the two sets differ. */
  differing: number
  recall: number
  precision: number
  scanSeconds: number
  querySeconds: number
}

export async function corridorRecall(
  db: Db,
  client: postgres.Sql,
  delivererId: string,
  routes: SampleRoute[],
): Promise<RecallResult> {
  const paths = routes.map((r) => {
    const path = pathOf(r.origin_address, r.destination_address, r.radius_km)
    if (!path) throw new Error('antipodal sample route')
    return path
  })

  let start = performance.now()
  const byQuery: Set<string>[] = []
  for (const r of routes) {
    const page = await corridorPage(db, {
      delivererId,
      origin: r.origin_address,
      destination: r.destination_address,
      radiusKm: r.radius_km,
      page: 1,
      perPage: 10_000_000,
    })
    if (page.rows.length !== page.total)
      throw new Error('the corridor page is not the whole corridor')
    byQuery.push(new Set(page.rows.map((row) => row.item.id)))
  }
  const querySeconds = (performance.now() - start) / 1000

  start = performance.now()
  const byScan: Set<string>[] = routes.map(() => new Set())
  const { sql: text, params } = db
    .select({
      id: items.id,
      fromLat: items.fromLat,
      fromLng: items.fromLng,
      toLat: items.toLat,
      toLng: items.toLng,
    })
    .from(items)
    .where(availableTo(delivererId))
    .toSQL()
  await client.begin(async (tx) => {
    // A plain scan: no index may decide which rows are looked at.
    await tx`set local enable_indexscan = off`
    await tx`set local enable_bitmapscan = off`
    await tx`set local enable_indexonlyscan = off`
    await tx
      // Raw rows: drizzle's toSQL() names the columns themselves, not the keys of the select.
      .unsafe<{ id: string; from_lat: number; from_lng: number; to_lat: number; to_lng: number }[]>(
        text,
        params as never[],
      )
      .cursor(20_000, (rows) => {
        for (const row of rows) {
          const from = { lat: row.from_lat, lng: row.from_lng }
          const to = { lat: row.to_lat, lng: row.to_lng }
          const p = unitVector(from)
          for (let i = 0; i < paths.length; i++) {
            const path = paths[i]
            // nearPath of the pickup first (one dot product fails most), then the whole rule.
            if (path && nearPath(path, p) && matchesCorridor(path, from, to)) byScan[i]?.add(row.id)
          }
        }
      })
  })
  const scanSeconds = (performance.now() - start) / 1000

  let [q, s, both, differing] = [0, 0, 0, 0]
  routes.forEach((_, i) => {
    const [a, b] = [byQuery[i] ?? new Set<string>(), byScan[i] ?? new Set<string>()]
    let common = 0
    for (const id of a) if (b.has(id)) common++
    q += a.size
    s += b.size
    both += common
    if (common !== a.size || common !== b.size) differing++
  })
  return {
    routes: routes.length,
    byQuery: q,
    byScan: s,
    both,
    differing,
    recall: s ? both / s : 1,
    precision: q ? both / q : 1,
    scanSeconds,
    querySeconds,
  }
}
