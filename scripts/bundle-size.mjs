// First-load JavaScript budget: the entry module script of dist/index.html plus every
// <link rel="modulepreload">, each gzipped at level 9. Exits 1 above the budget.
// Usage: node scripts/bundle-size.mjs   (after vite build)
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 200
const dist = new URL('../dist/', import.meta.url).pathname
const indexPath = join(dist, 'index.html')

if (!existsSync(indexPath)) {
  console.error('dist/index.html not found: run `npm run build` first.')
  process.exit(1)
}

const html = readFileSync(indexPath, 'utf8')
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1]
const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? []
const firstLoad = new Set()
for (const tag of tags) {
  if (/^<script/i.test(tag) && attr(tag, 'type') === 'module' && attr(tag, 'src')) {
    firstLoad.add(attr(tag, 'src'))
  } else if (/^<link/i.test(tag) && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) {
    firstLoad.add(attr(tag, 'href'))
  }
}
if (firstLoad.size === 0) {
  console.error('No <script type="module" src> found in dist/index.html.')
  process.exit(1)
}

const toFile = (url) => join(dist, url.replace(/^\//, '').split(/[?#]/)[0])
const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024
const rawKb = (file) => readFileSync(file).length / 1024
const fmt = (kb) => `${kb.toFixed(1).padStart(8)} KB`

const rows = [...firstLoad].map((url) => ({
  name: url,
  raw: rawKb(toFile(url)),
  gzip: gzipKb(toFile(url)),
}))
const total = rows.reduce((sum, row) => sum + row.gzip, 0)

console.log('First-load JavaScript (entry + modulepreload), gzip -9:')
console.log(`${'file'.padEnd(52)}${'raw'.padStart(11)}${'gzip'.padStart(11)}`)
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${row.name.padEnd(52)}${fmt(row.raw)}${fmt(row.gzip)}`)
}

// Lazy chunks (route code, map, ...) are not part of the budget; the largest are shown for info.
const assets = join(dist, 'assets')
const lazy = existsSync(assets)
  ? readdirSync(assets)
      .filter((f) => f.endsWith('.js') && !firstLoad.has(`/assets/${f}`))
      .map((f) => ({
        name: `/assets/${f}`,
        raw: rawKb(join(assets, f)),
        gzip: gzipKb(join(assets, f)),
      }))
      .sort((a, b) => b.gzip - a.gzip)
  : []
if (lazy.length > 0) {
  console.log(`\nLargest lazy chunks (${lazy.length} in all, not counted):`)
  for (const row of lazy.slice(0, 8))
    console.log(`${row.name.padEnd(52)}${fmt(row.raw)}${fmt(row.gzip)}`)
}

const verdict = total <= BUDGET_KB ? 'OK' : 'OVER BUDGET'
console.log(`\nfirst-load JS: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) ${verdict}`)
process.exit(total <= BUDGET_KB ? 0 : 1)
