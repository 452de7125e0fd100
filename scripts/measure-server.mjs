// What the measuring scripts (lighthouse, inp) share: the build unless SKIP_BUILD=1, a free port,
// and the real server on it with a fresh data folder and the demo data.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

/** Runs `npm run build` unless SKIP_BUILD=1; exits with its status when it fails. */
export function buildUnlessSkipped() {
  if (process.env.SKIP_BUILD === '1') return
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

/**
 * The server on a free port with a fresh data folder; answers its address and a stop(). `extraEnv`
 * adds to its environment (DIST_DIR: serve another build).
 */
export async function startServer(extraEnv = {}) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'tote-measure-'))
  const env = { ...process.env }
  // The embedded database with its demo data, whatever the caller's environment points at.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'NOMINATIM_URL', 'SEED'])
    delete env[name]
  const child = spawn(process.execPath, ['--import', 'tsx', join('server', 'server.ts')], {
    cwd: root,
    env: { ...env, ...extraEnv, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const stop = async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { baseURL, stop }
}
