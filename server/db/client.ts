import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema'

type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs raw SQL and answers its rows on either driver. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>
  migrate(): Promise<void>
  close(): Promise<void>
  /** Another handle on the same connection that reports each statement it runs (tests count them). */
  observed(onQuery: (query: string) => void): Db
  /** PGlite: the whole data directory as a tar, which `loadDataDir` opens again (tests migrate once). */
  dumpDataDir?(): Promise<Blob>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** The advisory lock key that serialises migrations ('tote' in ASCII): any constant shared by
 * every Tote process on the database. */
const MIGRATION_LOCK_KEY = 0x746f7465

export interface OpenDatabaseOptions {
  /** postgres://… → PostgreSQL through postgres-js. */
  databaseUrl?: string
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  pgliteDir?: string
  /** PGlite: start from this dump of a data directory (a migrated snapshot, in tests). */
  loadDataDir?: Blob
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, { max: 10, onnotice: () => {} })
    const db = drizzlePostgres({ client, schema })
    return {
      observed: (onQuery) =>
        drizzlePostgres({ client, schema, logger: { logQuery: onQuery } }) as unknown as Db,
      db: db as unknown as Db,
      kind: 'postgres',
      rows: async <T>(query: SQL) => (await db.execute(query)) as unknown as T[],
      // Several processes may start at once on one database: each waits for the lock, and whoever
      // comes second finds the migrations applied (drizzle's journal) and has nothing to do.
      migrate: async () => {
        const session = await client.reserve()
        try {
          await session`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`
          await migratePostgres(db, { migrationsFolder })
        } finally {
          await session`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {})
          session.release()
        }
      },
      close: () => client.end({ timeout: 5 }),
    }
  }
  const dir = opts.pgliteDir ?? 'memory://'
  if (!dir.startsWith('memory://')) mkdirSync(path.resolve(dir), { recursive: true })
  const client = await PGlite.create(dir, {
    extensions: { cube, earthdistance },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  })
  const db = drizzlePglite({ client, schema })
  return {
    observed: (onQuery) =>
      drizzlePglite({ client, schema, logger: { logQuery: onQuery } }) as unknown as Db,
    db: db as unknown as Db,
    kind: 'pglite',
    rows: async <T>(query: SQL) => (await db.execute(query)).rows as T[],
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  }
}

export async function ping(database: Database): Promise<boolean> {
  try {
    await database.rows(sql`select 1 as ok`)
    return true
  } catch {
    return false
  }
}
