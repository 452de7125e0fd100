import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client'
import { adminConnection, databaseUrl, postgresAnswers } from './postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that each test database is copied from; '' without one. */
    pgTemplate: string
    /** A migrated PGlite data directory (tar) that each PGlite test database is loaded from. */
    pgliteSnapshot: string
  }
}

/**
 * Migrates once per run instead of once per test database: a PostgreSQL template database
 * (`create database … template …` copies it in ~25 ms) and a PGlite snapshot. Each run makes
 * its own, under a random name, and drops it at the end, so parallel runs never share one.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'tote-snapshot-'))
  const pglite = await openDatabase({ pgliteDir: 'memory://' })
  await pglite.migrate()
  const snapshot = path.join(folder, 'migrated.tar')
  writeFileSync(snapshot, Buffer.from(await (await pglite.dumpDataDir!()).arrayBuffer()))
  await pglite.close()
  project.provide('pgliteSnapshot', snapshot)

  let template = ''
  if (await postgresAnswers()) {
    template = `tote_tpl_${randomBytes(6).toString('hex')}`
    const admin = adminConnection()
    await admin.unsafe(`create database ${template}`)
    await admin.end({ timeout: 2 })
    const database = await openDatabase({ databaseUrl: databaseUrl(template) })
    await database.migrate()
    await database.close()
  }
  project.provide('pgTemplate', template)

  return async () => {
    rmSync(folder, { recursive: true, force: true })
    if (!template) return
    const admin = adminConnection()
    await admin.unsafe(`drop database if exists ${template} with (force)`)
    await admin.end({ timeout: 2 })
  }
}
