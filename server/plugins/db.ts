import path from 'node:path'
import fp from 'fastify-plugin'
import { openDatabase, type Database } from '../db/client'
import { seedIfEmpty } from '../db/seed'

/** Opens the database (PostgreSQL or PGlite), runs the migrations and, when allowed, seeds demo data. */
export const dbPlugin = fp<{ database?: Database }>(
  async (app, opts) => {
    const { config } = app
    const database =
      opts.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: path.join(config.dataDir, 'pglite'),
      }))
    app.addHook('onClose', () => database.close())
    await database.migrate()
    app.decorate('database', database)
    app.decorate('db', database.db)
    app.decorate('seededAccounts', config.seed ? await seedIfEmpty(database.db) : [])
  },
  { name: 'db', dependencies: ['config'] },
)
