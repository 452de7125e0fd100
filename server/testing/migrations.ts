import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrationsFolder, type Database } from '../db/client'

// A migration's backfill is tested on data written before it: the migrations up to it are
// applied one by one, rows are written, then the migration itself runs.

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
) as { entries: { idx: number; tag: string }[] }

/** Applies the migration of journal index `idx` as drizzle would, statement by statement. */
export async function applyMigration(database: Database, idx: number): Promise<void> {
  const entry = journal.entries.find((e) => e.idx === idx)
  if (!entry) throw new Error(`no migration ${idx} in the journal`)
  const text = readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8')
  for (const statement of text.split('--> statement-breakpoint'))
    if (statement.trim()) await database.rows(sql.raw(statement))
}

/** Applies every migration before journal index `idx`, in order. */
export async function migrateBefore(database: Database, idx: number): Promise<void> {
  for (const entry of journal.entries.filter((e) => e.idx < idx))
    await applyMigration(database, entry.idx)
}
