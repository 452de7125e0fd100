import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql, type SQL } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { releaseHeld } from '../services/payments/releases'
import { acceptedDelivery, deliveryStep } from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// Issue 27: a server process killed (SIGKILL) in the middle of a release leaves the ledger
// balanced, and the release happens exactly once after the restart. Only PostgreSQL has separate
// processes on one database (PGlite lives inside one process), so this test needs it.
//
// How it can fail: the release claims its `releases` row and posts the ledger transaction in one
// SQL transaction (releaseWithin). The test holds the `held` ledger account locked, so the killed
// server is stopped after the claim and the `release:` transaction's row, inside post()'s account
// locks. Had the claim been committed on its own (a separate transaction, or a commit between the
// claim and the posting), the crash would leave released_at set with no money moved: the check
// after the crash sees released_at, and the restarted server's job answers 'already' and never
// pays (no release transaction, held still full). Tried by committing the claim separately in
// releaseHeld: both checks failed.

const root = fileURLToPath(new URL('../..', import.meta.url))
// Each step may start a server, which tsx compiles on each start (over 30 s seen on a loaded
// 2-core machine, see startup.test.ts): generous, and every wait polls instead of sleeping.
const STEP_MS = 90_000

interface Server {
  child: ChildProcess
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** `tsx server/server.ts` on the test's database, as `npm start` runs it, in its own process. */
function startServer(databaseUrl: string, dataDir: string): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      SEED: 'false',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, output: () => output, exited }
}

/** Polls `probe` until it answers something truthy; fails naming `what` (and the server's output). */
async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  server?: Server,
): Promise<T> {
  const deadline = Date.now() + STEP_MS
  for (;;) {
    const value = await probe()
    if (value) return value
    if (server && server.child.exitCode !== null)
      throw new Error(
        `the server exited (${server.child.exitCode}) before ${what}:\n${server.output()}`,
      )
    if (Date.now() > deadline)
      throw new Error(`no ${what} within ${STEP_MS} ms${server ? `:\n${server.output()}` : ''}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

if (!backends.includes('postgres'))
  it.skip('a server killed in the middle of a release: needs PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL), which did not answer', () => {})

describe.runIf(backends.includes('postgres'))(
  'a server killed (SIGKILL) in the middle of a release, on PostgreSQL',
  { timeout: 4 * STEP_MS },
  () => {
    let t: TestApp
    let dataDir: string
    const servers: Server[] = []
    beforeAll(async () => {
      // No worker in this process: the server processes run the jobs.
      t = await createTestApp('postgres', {}, { jobWorker: false })
      dataDir = mkdtempSync(path.join(tmpdir(), 'tote-crash-'))
    })
    afterAll(async () => {
      for (const s of servers) {
        if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL')
        await s.exited
      }
      await t?.close()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    })

    const rows = <T>(query: SQL) => t.database.rows<T>(query)
    const releaseRow = async (requestId: string) =>
      (
        await rows<{ released_at: string | null; transaction_id: string | null }>(
          sql`select released_at, transaction_id from releases where request_id = ${requestId}`,
        )
      )[0]!
    const releaseTransactions = (requestId: string) =>
      rows<{ id: string; key: string }>(sql`select id, key from ledger_transactions
        where kind = 'release' and request_id = ${requestId}`)
    const heldForItem = async (itemId: string) =>
      Number(
        (
          await rows<{ s: string | null }>(sql`select sum(e.amount_cents) as s from ledger_entries e
            join ledger_transactions x on x.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
            where x.item_id = ${itemId} and a.key = 'held'`)
        )[0]!.s ?? 0,
      )
    /** Every ledger transaction sums to zero, every balance to its entries, the whole to zero. */
    async function expectBalanced() {
      expect(
        await rows(sql`select transaction_id from ledger_entries group by transaction_id
          having sum(amount_cents) <> 0`),
      ).toEqual([])
      expect(
        await rows(sql`select a.key from ledger_accounts a where a.balance_cents <>
          coalesce((select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id), 0)`),
      ).toEqual([])
      const [total] = await rows<{ s: string | null }>(
        sql`select sum(amount_cents) as s from ledger_entries`,
      )
      expect(Number(total!.s ?? 0)).toBe(0)
    }

    it('leaves nothing half-done, and the restarted server releases exactly once', async () => {
      // A delivered item whose hold is due.
      const c = await acceptedDelivery(t.app)
      expect(await deliveryStep(t.app, c, 'in_process')).toBe(200)
      expect(await deliveryStep(t.app, c, 'delivered')).toBe(200)
      await t.app.jobs.drain() // the mails and pushes of the steps; the release is not due yet
      const gross = await heldForItem(c.itemId)
      expect(gross).toBeGreaterThan(0)
      await rows(sql`update releases set release_at = now() - interval '1 second'
        where request_id = ${c.requestId}`)
      await rows(sql`update jobs set run_at = now() - interval '1 second'
        where name = 'payments.release' and data->>'requestId' = ${c.requestId}`)

      // Another connection holds the `held` account: the release will stop inside post().
      const locker = postgres(t.url!, { max: 1, onnotice: () => {} })
      const session = await locker.reserve()
      let blocked: { pid: number; query: string }
      try {
        await session`begin`
        const [own] = await session<{ pid: number }[]>`select pg_backend_pid() as pid`
        const lockerPid = own!.pid
        await session`select id from ledger_accounts where key = 'held' for update`

        const first = startServer(t.url!, dataDir)
        servers.push(first)
        // The server's job worker claims the due release and waits for the account lock.
        blocked = await until(
          'release waiting for the held account',
          async () =>
            (
              await rows<{ pid: number; query: string }>(sql`select pid, query
                from pg_stat_activity where datname = current_database()
                  and ${lockerPid}::int = any(pg_blocking_pids(pid))`)
            )[0],
          first,
        )
        expect(blocked.query).toMatch(/ledger_accounts.*for update/is)

        // …after it claimed the releases row (its update holds that row until commit).
        const claim = await t.database
          .rows(
            sql`select request_id from releases where request_id = ${c.requestId}
            for update nowait`,
          )
          .then(
            () => 'not locked',
            (err: { cause?: { code?: string } }) => err.cause?.code,
          )
        expect(claim).toBe('55P03') // lock_not_available

        first.child.kill('SIGKILL')
        expect((await first.exited).signal).toBe('SIGKILL')
      } finally {
        await session`rollback`.catch(() => {})
        session.release()
        await locker.end({ timeout: 5 })
      }
      // The dead server's backend gets the lock, finds its client gone, and ends: rolled back.
      await until(
        'end of the killed server’s database session',
        async () =>
          (await rows(sql`select pid from pg_stat_activity where pid = ${blocked.pid}`)).length ===
          0,
      )

      // Nothing half-done: not released, no money moved, the books balance, the job is still there.
      expect(await releaseRow(c.requestId)).toEqual({ released_at: null, transaction_id: null })
      expect(await releaseTransactions(c.requestId)).toEqual([])
      expect(await heldForItem(c.itemId)).toBe(gross)
      await expectBalanced()
      const [job] = await rows<{ id: string; failed_at: string | null }>(sql`select id, failed_at
        from jobs where name = 'payments.release' and data->>'requestId' = ${c.requestId}`)
      expect(job).toMatchObject({ failed_at: null })

      // The restart. The dead worker's lease (5 minutes) is made to pass, as time would.
      await rows(
        sql`update jobs set locked_until = now() - interval '1 second' where id = ${job!.id}`,
      )
      const second = startServer(t.url!, dataDir)
      servers.push(second)
      await until(
        'release by the restarted server',
        async () =>
          (await releaseRow(c.requestId)).released_at !== null &&
          (await rows(sql`select id from jobs where id = ${job!.id}`)).length === 0,
        second,
      )
      second.child.kill('SIGTERM')
      expect((await second.exited).code).toBe(0)

      // Exactly once: one release transaction, the fee (10 %, half-up) and the deliverer's share.
      const released = await releaseTransactions(c.requestId)
      expect(released).toEqual([{ id: expect.any(String), key: `release:${c.requestId}` }])
      expect((await releaseRow(c.requestId)).transaction_id).toBe(released[0]!.id)
      const fee = Math.floor((gross * 10 + 50) / 100)
      const entries = await rows<{ key: string; cents: string }>(sql`select a.key,
          e.amount_cents as cents from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = ${released[0]!.id} order by a.key`)
      expect(entries.map((e) => [e.key, Number(e.cents)])).toEqual([
        [`deliverer:${c.deliverer.id}`, gross - fee],
        ['held', -gross],
        ['platform_fees', fee],
      ])
      expect(await heldForItem(c.itemId)).toBe(0)
      await expectBalanced()
      const audits = await rows(sql`select id from audit_log
        where action = 'payment.release' and target_id = ${c.requestId}`)
      expect(audits).toHaveLength(1)
      const told = await rows(sql`select id from notifications
        where kind = 'earnings_released' and user_id = ${c.deliverer.id}`)
      expect(told).toHaveLength(1)

      // Running it again changes nothing: the releases row says it is done.
      const ledgerSize = await rows(sql`select id from ledger_transactions`)
      expect(await releaseHeld(t.app.db, t.app.notifier, t.app.config.money, c.requestId)).toEqual({
        released: false,
        why: 'already',
      })
      expect(await rows(sql`select id from ledger_transactions`)).toEqual(ledgerSize)
      await expectBalanced()
    })
  },
)
