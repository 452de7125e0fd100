/**
 * Bulk seeding of the bench on PostgreSQL: items streamed through COPY, the secondary indexes of
 * the loaded tables dropped before and built after (two at a time, one per core). Only the bench
 * does this, on its own database; the indexes it rebuilds are the migrations' own definitions.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type postgres from 'postgres'
import type { City } from '../services/places/gazetteer'

/** One COPY text field: backslash, tab and newlines escaped. */
const field = (s: string) =>
  s.replace(
    /[\\\t\n\r]/g,
    (c) => `\\${c === '\t' ? 't' : c === '\n' ? 'n' : c === '\r' ? 'r' : '\\'}`,
  )

/**
 * Time-ordered ids (a counter in front, like UUIDv7): the primary key's B-tree then grows at its
 * right edge instead of touching a random page of a 10-million-row index for each row.
 */
const orderedUuid = (n: number) => {
  const hex = n.toString(16).padStart(12, '0')
  const rnd = Math.floor(Math.random() * 2 ** 48)
    .toString(16)
    .padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-${rnd}`
}

const ITEM_COLUMNS = [
  'id',
  'name',
  'category',
  'description',
  'from_lat',
  'from_lng',
  'from_address',
  'to_lat',
  'to_lng',
  'to_address',
  'delivery_phone',
  'delivery_address',
  'delivery_deadline',
  'sending_approval',
  'status',
  'sender_price',
  'sender_id',
] as const

const CATEGORIES = ['electronics', 'clothing', 'documents', 'food', 'other'] as const
const DAY_MS = 86_400_000

/**
 * The items' rows as COPY text, in chunks of `batch` rows: the same marketplace as the PGlite seed
 * (bigger cities more often, index floor(C·u²); ends ±0.09° around the city; eight in ten
 * approved, one in twenty delivered, deadlines 1 to 60 days ahead).
 */
async function* itemRows(n: number, cities: City[], senderId: string, batch = 5000) {
  const now = Date.now()
  const pick = () => cities[Math.floor(cities.length * Math.random() ** 2)] as City
  const jitter = () => (Math.random() - 0.5) * 0.18
  const clampLat = (v: number) => Math.min(89.9, Math.max(-89.9, v))
  const names = cities.map((c) => field(`${c.name}, ${c.country}`))
  const index = new Map(cities.map((c, i) => [c, i]))
  for (let from = 1; from <= n; from += batch) {
    const lines: string[] = []
    for (let g = from; g < from + batch && g <= n; g++) {
      let [a, b] = [pick(), pick()]
      while (a === b) [a, b] = [pick(), pick()]
      const [an, bn] = [names[index.get(a) ?? 0], names[index.get(b) ?? 0]]
      const deadline = new Date(now + (1 + (g % 60)) * DAY_MS).toISOString()
      lines.push(
        [
          orderedUuid(g),
          `Parcel ${g}`,
          CATEGORIES[g % 5],
          `Bench item ${g}`,
          clampLat(a.lat + jitter()),
          a.lon + jitter(),
          an,
          clampLat(b.lat + jitter()),
          b.lon + jitter(),
          bn,
          '+1 555 0100',
          bn,
          deadline,
          g % 10 < 8 ? 'approved' : 'pending',
          g % 20 === 0 ? 'delivered' : 'pending',
          5 + (g % 200),
          senderId,
        ].join('\t'),
      )
    }
    yield `${lines.join('\n')}\n`
  }
}

/** COPY `n` generated items into the table (foreign-key triggers off: the rows are right by construction). */
export async function copyItems(client: postgres.Sql, n: number, cities: City[], senderId: string) {
  await client.begin(async (tx) => {
    await tx`set local session_replication_role = replica`
    const writable = await tx
      .unsafe(`copy items (${ITEM_COLUMNS.join(', ')}) from stdin`)
      .writable()
    await pipeline(Readable.from(itemRows(n, cities, senderId)), writable)
  })
}

export interface IndexDef {
  table: string
  name: string
  def: string
}

/** The indexes of these tables that back no constraint (primary keys and UNIQUE constraints stay). */
export async function secondaryIndexes(client: postgres.Sql, tables: string[]) {
  return client<IndexDef[]>`
    select tablename as table, indexname as name, indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename in ${client(tables)}
      and indexname not in (select conname from pg_constraint)
    order by tablename, indexname`
}

export async function dropIndexes(client: postgres.Sql, defs: IndexDef[]) {
  for (const d of defs) await client.unsafe(`drop index if exists "${d.name}"`)
}

/**
 * Builds the indexes on `parallel` connections at once (CREATE INDEX on one table takes a SHARE
 * lock, which does not block another CREATE INDEX), the largest ones (GiST) first; prints each.
 */
export async function buildIndexes(
  client: postgres.Sql,
  defs: IndexDef[],
  parallel = 2,
  memory = '1GB',
) {
  const queue = [...defs].sort((a, b) => Number(/gist/i.test(b.def)) - Number(/gist/i.test(a.def)))
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      const def = d
      const start = performance.now()
      await client.begin(async (tx) => {
        await tx.unsafe(`set local maintenance_work_mem = '${memory}'`)
        await tx.unsafe(def.def)
      })
      console.log(`    ${def.name}: ${((performance.now() - start) / 1000).toFixed(1)} s`)
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
}
