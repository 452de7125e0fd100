import path from 'node:path'
import fp from 'fastify-plugin'
import { openDatabase, type Database } from '../db/client'
import { lockDataDir } from '../db/data-dir-lock'
import { seedIfEmpty } from '../db/seed'

/** Opens the database (PostgreSQL or PGlite), runs the migrations and, when allowed, seeds demo data. */
export const dbPlugin = fp<{ database?: Database }>(
  async (app, opts) => {
    const { config } = app
    // The embedded database lives in DATA_DIR: one server per folder (a second would lose writes).
    const release = !opts.database && !config.databaseUrl ? lockDataDir(config.dataDir) : () => {}
    let database: Database
    try {
      database =
        opts.database ??
        (await openDatabase({
          databaseUrl: config.databaseUrl,
          pgliteDir: path.join(config.dataDir, 'pglite'),
        }))
    } catch (err) {
      release()
      throw err
    }
    app.addHook('onClose', async () => {
      await database.close()
      release()
    })
    await database.migrate()
    app.decorate('database', database)
    app.decorate('db', database.db)
    // Demo data (known passwords) only where nobody else can reach it by default: the embedded
    // database, unless SEED says otherwise; never in production (config.seed is false there).
    const seeds = config.seed ?? database.kind === 'pglite'
    app.decorate('seedsDemoData', seeds)
    app.decorate('seededAccounts', seeds ? await seedIfEmpty(database.db) : [])
  },
  { name: 'db', dependencies: ['config'] },
)
