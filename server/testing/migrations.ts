import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe } from 'vitest'
import { migrationsFolder, type Database } from '../db/client'
import { backends, freshDatabase } from './test-app'

// A migration's backfill is tested on data written before it: the migrations up to it are
// applied one by one, rows are written, then the migration itself runs.

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
) as { entries: { idx: number; tag: string }[] }

/** Applies the migration of journal index `idx` as drizzle would, statement by statement. */
async function applyMigration(database: Database, idx: number): Promise<void> {
  const entry = journal.entries.find((e) => e.idx === idx)
  if (!entry) throw new Error(`no migration ${idx} in the journal`)
  const text = readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8')
  for (const statement of text.split('--> statement-breakpoint'))
    if (statement.trim()) await database.rows(sql.raw(statement))
}

/** Applies every migration before journal index `idx`, in order. */
async function migrateBefore(database: Database, idx: number): Promise<void> {
  for (const entry of journal.entries.filter((e) => e.idx < idx))
    await applyMigration(database, entry.idx)
}

/** What a migration's test starts from: the database just before it, two users, and the step. */
interface BeforeMigration {
  db: Database
  /** Runs an `insert … returning id` and answers the id. */
  one: (query: SQL) => Promise<string>
  /** A sender's and a deliverer's ids, the users every backfill needs. */
  sender: string
  rider: string
  /** Applies the migration under test. */
  apply: () => Promise<void>
}

/**
 * A migration's tests on each backend: a fresh empty database migrated up to just before journal
 * index `idx`; `setUp()` in a test adds a sender and a deliverer and hands over the rest.
 */
export function describeMigration(
  idx: number,
  tests: (setUp: () => Promise<BeforeMigration>) => void,
): void {
  describe.each(backends)(`migration ${String(idx).padStart(4, '0')} on %s`, (backend) => {
    let fresh: Awaited<ReturnType<typeof freshDatabase>>
    beforeAll(async () => {
      fresh = await freshDatabase(backend, { empty: true })
      await migrateBefore(fresh.database, idx)
    })
    afterAll(async () => {
      await fresh?.database.close()
      await fresh?.drop()
    })
    tests(async () => {
      const db = fresh.database
      const one = async (query: SQL) => (await db.rows<{ id: string }>(query))[0]!.id
      const person = (email: string, role: string) =>
        one(sql`insert into users (email, name, role)
          values (${email}, ${email[0]!.toUpperCase()}, ${role}::user_role) returning id`)
      return {
        db,
        one,
        sender: await person('s@example.com', 'sender'),
        rider: await person('d@example.com', 'deliverer'),
        apply: () => applyMigration(db, idx),
      }
    })
  })
}
