// npm run build: the PWA (vite build, with the service worker), its public pages prerendered to
// HTML, and .br/.gz copies of every text file, ready for the server to send as they are; and the
// server compiled for production (scripts/build-server.mjs).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer, serverOut } from './build-server.mjs'
import { compressDist } from './compress-dist.mjs'
import { prerenderAll } from './prerender.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
const ssrOut = join(root, '.tmp', 'prerender')

function run(args) {
  const result = spawnSync(process.execPath, [vite, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run(['build'])
run(['build', '--ssr', 'src/entry-prerender.tsx', '--outDir', ssrOut, '--emptyOutDir'])
const pages = await prerenderAll(join(ssrOut, 'entry-prerender.js'))
console.log(`[build] prerendered ${pages.length} public pages`)
const { count, raw, br } = compressDist(join(root, 'dist'))
console.log(
  `[build] compressed ${count} text files: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
)
await buildServer()
console.log(`[build] server bundled into ${serverOut}`)
