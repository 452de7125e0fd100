import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { inject } from 'vitest'
import { buildApp, type App } from '../app'
import type { Env } from '../config'
import { openDatabase, type Database } from '../db/client'
import { users } from '../db/schema'
import type { OutboundNetwork } from '../services/outbound-guard'
import { keySetJson, newHandoffJwk } from '../services/handoff-keys'
import { hashPassword } from '../services/passwords'
import { adminConnection, databaseUrl } from './postgres'

export const TEST_JWT_SECRET = 'test-secret-for-the-tote-server-suite-0123456789'
/** A handoff key set for apps that need one (production); others generate theirs in DATA_DIR. */
export const TEST_HANDOFF_SIGNING_KEY = keySetJson({ signing: newHandoffJwk(), previous: [] })

export type BackendName = 'pglite' | 'postgres'

/** Made once per run by server/testing/global-setup.ts: migrated, copied for each test database. */
const pgTemplate = inject('pgTemplate')
const pgliteSnapshot = inject('pgliteSnapshot')
let snapshot: Blob | undefined

/** PGlite always; PostgreSQL too when it answered at the start of the run (TEST_DATABASE_URL). */
export const backends: BackendName[] = pgTemplate ? ['pglite', 'postgres'] : ['pglite']

/**
 * A fresh database on the backend; `drop` removes it (PostgreSQL: its own tote_t_* database).
 * Migrated unless `empty` (a copy of the run's migrated template or snapshot: no migration runs).
 */
export async function freshDatabase(
  backend: BackendName,
  { empty = false }: { empty?: boolean } = {},
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    snapshot ??= new Blob([readFileSync(pgliteSnapshot)])
    const database = await openDatabase({
      pgliteDir: 'memory://',
      ...(empty ? {} : { loadDataDir: snapshot }),
    })
    return { database, drop: async () => {} }
  }
  const name = `tote_t_${randomBytes(6).toString('hex')}`
  const admin = adminConnection()
  await admin.unsafe(`create database ${name}${empty ? '' : ` template ${pgTemplate}`}`)
  const url = databaseUrl(name)
  const database = await openDatabase({ databaseUrl: url })
  return {
    database,
    url,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end({ timeout: 2 })
    },
  }
}

export interface TestApp {
  app: App
  database: Database
  /** PostgreSQL: the URL of this app's own database (another process can be started on it). */
  url?: string
  /** Everything pino wrote, one JSON line each. */
  logs: string[]
  dataDir: string
  close(): Promise<void>
}

/** Builds the real app on a fresh database of the backend (no demo seed unless env.SEED says so). */
export async function createTestApp(
  backend: BackendName,
  env: Env = {},
  opts: { jobWorker?: boolean; outboundNetwork?: OutboundNetwork } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tote-test-'))
  const { database, url, drop } = await freshDatabase(backend)
  const logs: string[] = []
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString())
      done()
    },
  })
  const app = await buildApp({
    env: {
      NODE_ENV: 'test',
      SEED: 'false',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'info',
      ...(env.NODE_ENV === 'production' ? { HANDOFF_SIGNING_KEY: TEST_HANDOFF_SIGNING_KEY } : {}),
      ...env,
    },
    database,
    logStream,
    jobWorker: opts.jobWorker,
    outboundNetwork: opts.outboundNetwork,
  })
  await app.ready()
  return {
    app,
    database,
    url,
    logs,
    dataDir,
    async close() {
      await app.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A user straight in the database (verified unless told otherwise). */
export async function createUser(
  app: App,
  fields: {
    email: string
    password?: string
    role?: 'sender' | 'deliverer' | 'admin'
    name?: string
    verified?: boolean
  },
) {
  const [user] = await app.db
    .insert(users)
    .values({
      email: fields.email,
      name: fields.name ?? 'Test User',
      role: fields.role ?? 'sender',
      passwordHash: await hashPassword(fields.password ?? 'password123'),
      emailVerifiedAt: fields.verified === false ? null : new Date(),
    })
    .returning()
  return user!
}

export async function login(app: App, email: string, password = 'password123') {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })
  return { res, body: res.json(), token: res.json()?.data?.token as string | undefined }
}

/** The newest dev-outbox mail to `to` once the queued mail jobs ran, and the token of its link. */
export async function lastMail(app: App, to: string) {
  await app.jobs.drain()
  const res = await app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  })
  const mail = res.json().data[0] as { subject: string; text: string } | undefined
  const token = mail ? /token=([\w%-]+)/.exec(mail.text)?.[1] : undefined
  return {
    mail,
    count: res.json().data.length as number,
    token: token ? decodeURIComponent(token) : undefined,
  }
}

export const auth = (token: string | undefined) => ({ authorization: `Bearer ${token}` })
