// npm start: builds the PWA when dist/ is missing or older than its sources, then runs the API
// server (which also serves dist/) in this very process: tsx is registered as a loader and
// server/server.ts is imported, so there is one process to supervise and signal.
// With NODE_ENV=production it builds nothing and runs the compiled server (build/server, made by
// `npm run build`) with plain node: no tsx, vite or dev dependency at run time.
// Environment: PORT (default 8080), DATA_DIR (default ./data), SKIP_BUILD=1 to never build; the
// rest as the server reads it.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
process.chdir(root)

// Everything the built PWA is made from.
const SOURCES = [
  'src',
  'sw',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/pwa-manifest.ts',
  'scripts/build.mjs',
  'scripts/prerender.mjs',
  'scripts/compress-dist.mjs',
  'package-lock.json',
]

/** Newest mtime (ms) under a file or directory; 0 when it does not exist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs // catches deleted files
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry.name)))
  }
  return newest
}

function buildIsStale() {
  const built = join(root, 'dist', 'index.html')
  for (const file of ['sw.js', join('prerendered', 'pages.json')])
    if (!existsSync(join(root, 'dist', file))) return true
  if (!existsSync(built)) return true
  const builtAt = statSync(built).mtimeMs
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt)
}

if (process.env.NODE_ENV === 'production') {
  const compiled = join(root, 'build', 'server', 'server.mjs')
  if (!existsSync(compiled) || !existsSync(join(root, 'dist', 'index.html'))) {
    console.error(
      '[start] production runs the built app: run `npm run build` first (it needs the dev dependencies), then start with NODE_ENV=production',
    )
    process.exit(1)
  }
  process.argv[1] = compiled
  await import(pathToFileURL(compiled).href)
} else {
  await startFromSources()
}

async function startFromSources() {
  if (process.env.SKIP_BUILD === '1') {
    console.log('[start] SKIP_BUILD=1: serving dist/ as it is')
  } else if (buildIsStale()) {
    console.log('[start] building the PWA (npm run build)...')
    const started = Date.now()
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
      stdio: 'inherit',
      env: process.env,
    })
    if (result.status !== 0) {
      console.error('[start] the build failed')
      process.exit(result.status ?? 1)
    }
    console.log(`[start] built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } else {
    console.log('[start] dist/ is up to date')
  }

  // TypeScript loader for this process (ESM and CommonJS), the same as `tsx server/server.ts`.
  const { register: registerEsm } = await import('tsx/esm/api')
  const { register: registerCjs } = await import('tsx/cjs/api')
  registerEsm()
  registerCjs()

  const entry = join(root, 'server', 'server.ts')
  process.argv[1] = entry // the server sees itself as the entry point, as under the tsx CLI
  await import(pathToFileURL(entry).href)
}
