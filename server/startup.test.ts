import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCK_FILE, lockDataDir } from './db/data-dir-lock'

const root = fileURLToPath(new URL('..', import.meta.url))

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** `tsx server/server.ts` as `npm start` runs it (without the build), in its own process. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      SEED: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, output: () => output, exited }
}

async function waitFor(started: Started, text: RegExp, ms = 60_000) {
  const until = Date.now() + ms
  while (!text.test(started.output())) {
    if (started.child.exitCode !== null)
      throw new Error(`the server exited (${started.child.exitCode}):\n${started.output()}`)
    if (Date.now() > until) throw new Error(`no ${text} within ${ms} ms:\n${started.output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return text.exec(started.output())!
}

const running: Started[] = []
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tote-start-'))
  dirs.push(dir)
  return dir
}
afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.child.exitCode === null) s.child.kill('SIGTERM')
    await s.exited
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

// Each test starts real server processes (tsx compiles the server on each start): on a loaded
// 2-core machine that alone took over 30 s, so these get two minutes.
describe('starting the server', { timeout: 120_000 }, () => {
  it('refuses production without APP_ORIGIN, JWT_SECRET, mail and the handoff key: exit code 1, each named', async () => {
    const s = startServer({ NODE_ENV: 'production', DATA_DIR: tempDir() })
    running.push(s)
    expect(await s.exited).toBe(1)
    expect(s.output()).toContain('Tote could not start: Tote cannot start with this configuration:')
    for (const name of ['APP_ORIGIN', 'JWT_SECRET', 'SMTP_URL', 'HANDOFF_SIGNING_KEY'])
      expect(s.output()).toContain(`${name} must be set in production`)
  })

  it('listens on 127.0.0.1 only by default, and on every interface with HOST=0.0.0.0', async () => {
    const local = startServer({ DATA_DIR: tempDir() })
    running.push(local)
    const [, port] = await waitFor(local, /Tote is running at http:\/\/localhost:(\d+)/)
    const bound = [...local.output().matchAll(/Server listening at http:\/\/([^:"]+):/g)].map(
      (m) => m[1],
    )
    expect(bound).toEqual(['127.0.0.1'])
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)
    expect(local.output()).not.toContain('reachable from other machines')

    const open = startServer({ DATA_DIR: tempDir(), HOST: '0.0.0.0' })
    running.push(open)
    // Each line is its own write, on stdout or stderr: wait for the last one, not the first.
    await waitFor(open, /the dev mail outbox and any demo accounts/)
    expect(open.output()).toContain('Tote is running at')
    expect(open.output()).toContain('Listening on 0.0.0.0: reachable from other machines')
  })

  it('refuses a second server on a data folder another one holds, with a clear message', async () => {
    const dataDir = tempDir()
    const first = startServer({ DATA_DIR: dataDir })
    running.push(first)
    await waitFor(first, /Tote is running at/)
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true)

    const second = startServer({ DATA_DIR: dataDir })
    running.push(second)
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(
      `Tote could not start: Another Tote server is using the data folder ${dataDir} (process ${first.child.pid})`,
    )

    // A clean stop gives the folder back.
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false)
  })
})

describe('data folder lock', () => {
  it('is refused to a second holder in the same process and given back on release', () => {
    const dir = tempDir()
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(/Another Tote server is using the data folder/)
    release()
    lockDataDir(dir)()
  })

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir()
    // A pid far above any this machine hands out.
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 12345, instance: 'gone', since: '2026-01-01T00:00:00Z' }),
    )
    const release = lockDataDir(dir)
    release()
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false)
  })
})
