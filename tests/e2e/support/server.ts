// Starts the real Tote server (API + built PWA) for browser tests: a fresh temporary DATA_DIR, a
// free PORT, NODE_ENV=test and the demo seed. One process (node with the tsx loader), killed after.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../../', import.meta.url))

export type TestServer = {
  baseURL: string
  port: number
  dataDir: string
  logs: () => string
  stop: () => Promise<void>
}

/** Builds the PWA once if dist/ is missing (CI builds it in `npm test` before the e2e run). */
export function ensureBuilt(): void {
  if (existsSync(join(root, 'dist', 'index.html')) && existsSync(join(root, 'dist', 'sw.js')))
    return
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('vite build failed')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** The caller's environment minus anything that would point the server elsewhere. */
function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'NOMINATIM_URL', 'SEED']) {
    delete env[name]
  }
  return { ...env, ...overrides }
}

export async function startServer({
  env = {},
  timeoutMs = 90_000,
}: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<TestServer> {
  ensureBuilt()
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'tote-e2e-'))
  const output: Buffer[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', join('server', 'server.ts')], {
    cwd: root,
    env: serverEnv({ NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
  const logs = () => Buffer.concat(output).toString('utf8')
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null
  let stopping = false
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal }
      // A server that dies under a test says why: its tests only see refused connections.
      if (!stopping)
        process.stderr.write(
          `[e2e] the server on port ${port} exited (${JSON.stringify(exited)}):\n${logs().slice(-6000)}\n`,
        )
      resolve(exited)
    }),
  )

  const baseURL = `http://127.0.0.1:${port}`
  const stop = async () => {
    stopping = true
    if (!exited) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exit
      clearTimeout(timer)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited) {
      await stop()
      throw new Error(`server exited (${JSON.stringify(exited)}) before it was healthy:\n${logs()}`)
    }
    try {
      const response = await fetch(`${baseURL}/api/health`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${logs()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { baseURL, port, dataDir, logs, stop }
}
