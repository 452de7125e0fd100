import { sql } from 'drizzle-orm'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { backends, freshDatabase } from '../testing/test-app'
import { migrationsFolder, openDatabase } from './client'

const migrationCount = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length

describe.runIf(backends.includes('postgres'))('migrations on PostgreSQL', () => {
  it('run once when several processes start at the same moment on a fresh database', async () => {
    const fresh = await freshDatabase('postgres', { empty: true })
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url })))
    try {
      const results = await Promise.allSettled(
        [fresh.database, ...others].map((database) => database.migrate()),
      )
      expect(results.filter((r) => r.status === 'rejected')).toEqual([])
      const [applied] = await fresh.database.rows<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )
      expect(applied!.n).toBe(migrationCount)
      // And the schema is there for all of them.
      for (const database of others) {
        const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from users`)
        expect(row!.n).toBe(0)
      }
    } finally {
      await Promise.all(others.map((database) => database.close()))
      await fresh.database.close()
      await fresh.drop()
    }
  }, 60_000)
})
