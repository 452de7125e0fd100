// npm run size (after npm run build): what a first visit to / and /login really transfers, in
// brotli bytes on the wire (the .br files the server sends): the prerendered page, the scripts it
// loads with everything they import statically, the icon and the web app manifest. Fails over the
// budget, when every start loads a role's chunk, or when a role's pages load another role's. Also
// shows, for information, what the first interaction loads (the app taking the page over), what a
// signed-in page loads on a first visit without the service worker, and what the worker caches.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { chunkName, isRoleCode, ROLE_CHUNKS } from '../sw/role-chunks.ts'

const BUDGET_KB = 150
const dist = new URL('../dist/', import.meta.url).pathname

if (!existsSync(join(dist, 'prerendered', 'pages.json'))) {
  console.error('dist/prerendered not found: run `npm run build` first.')
  process.exit(1)
}

/** Bytes on the wire: the build's .br copy, else the file itself (too small to compress). */
function wireBytes(file) {
  const path = join(dist, file)
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1]
const local = (url) => url.replace(/^\//, '').split(/[?#]/)[0]

/** A script and every module it imports statically (what the browser fetches before running it). */
function staticGraph(entries) {
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file) || !existsSync(join(dist, file))) return
    seen.add(file)
    const code = readFileSync(join(dist, file), 'utf8')
    const dir = file.slice(0, file.lastIndexOf('/') + 1)
    for (const m of code.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
    ))
      visit(new URL(m[1], `http://x/${dir}`).pathname.slice(1))
  }
  for (const entry of entries) visit(entry)
  return seen
}

/** The modules a script loads with import(): the app's boot chunk, route code. */
function dynamicImports(files) {
  const found = new Set()
  for (const file of files) {
    const code = readFileSync(join(dist, file), 'utf8')
    const dir = file.slice(0, file.lastIndexOf('/') + 1)
    for (const m of code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g))
      found.add(new URL(m[1], `http://x/${dir}`).pathname.slice(1))
  }
  return found
}

/** What loading this HTML page fetches before anyone touches it. */
function firstVisit(htmlFile) {
  const html = readFileSync(join(dist, htmlFile), 'utf8')
  const scripts = []
  const others = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    if (/^<script/i.test(tag) && attr(tag, 'src')) scripts.push(local(attr(tag, 'src')))
    else if (/^<link/i.test(tag)) {
      const rel = attr(tag, 'rel')
      const href = attr(tag, 'href')
      if (!href) continue
      if (rel === 'modulepreload') scripts.push(local(href))
      else if (rel === 'stylesheet' || rel === 'icon' || rel === 'manifest')
        others.push(local(href))
    }
  }
  const js = staticGraph(scripts)
  return { html: htmlFile, js, others }
}

/**
 * What the app's start loads: the boot chunk a page imports, everything it imports statically,
 * and the modules boot itself imports in steps (src/boot.tsx: router, styling system, renderer).
 */
function startGraph(pageScripts) {
  const boot = dynamicImports(pageScripts)
  return staticGraph([...boot, ...dynamicImports(boot)])
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (files) => [...files].reduce((total, file) => total + wireBytes(file), 0)

let over = false
console.log(`First visit, brotli bytes on the wire (budget ${BUDGET_KB} KB a page):`)
for (const [path, file] of [
  ['/', 'prerendered/index.html'],
  ['/login', 'prerendered/login.html'],
]) {
  const visit = firstVisit(file)
  const html = wireBytes(visit.html)
  const js = sum(visit.js)
  const others = sum(visit.others)
  const total = html + js + others
  over ||= total / 1024 > BUDGET_KB
  console.log(
    `  ${path.padEnd(8)} page ${kb(html).padStart(9)}   scripts ${kb(js).padStart(9)} (${visit.js.size} files)` +
      `   icon + manifest ${kb(others).padStart(8)}   total ${kb(total).padStart(9)}` +
      `  ${total / 1024 > BUDGET_KB ? 'OVER BUDGET' : 'OK'}`,
  )
  if (path === '/login') {
    // On the first touch the app takes the page over: its code, minus what the page already has.
    const app = startGraph(visit.js)
    for (const f of visit.js) app.delete(f)
    const routes = dynamicImports(app)
    const login = [...routes].filter((f) => /\/(login|_public)-[\w-]+\.js$/.test(f))
    const withRoute = staticGraph([...app, ...login])
    for (const f of visit.js) withRoute.delete(f)
    console.log(
      `  ${''.padEnd(8)} then, on the first interaction, the app: ${kb(sum(withRoute))} (${withRoute.size} files, information)`,
    )
  }
}

// A signed-in page is the app shell plus the same app code; after a first visit the service
// worker serves all of it from the device.
const shell = firstVisit('index.html')
const appCode = startGraph(shell.js)
console.log(
  `Signed-in page, first visit without the worker: shell ${kb(wireBytes('index.html'))} + app ${kb(sum(shell.js) + sum(appCode))} (${shell.js.size + appCode.size} files) + the page's route code (information)`,
)
// A role's pages load with the first of them, never with every start (decision 049, amendment):
// a route file importing a role's module at its top level would pull that role into every start.
const roleChunks = [...appCode].filter((f) =>
  /(^|\/)(sender|deliverer|admin|pages)-[\w-]+\.js$/.test(f),
)
const mixedStart = roleChunks.length > 0
if (mixedStart) {
  console.log(
    `  FAIL: every start loads a role's or the public pages' chunk: ${roleChunks.join(', ')}`,
  )
}

// A role's pages load no other role's (the worker caches only the signed-in role's: decision 053).
const assets = readdirSync(join(dist, 'assets')).map((name) => `assets/${name}`)
/** The files of `list` that are these chunks. */
const chunksIn = (list, names) => list.filter((f) => names.includes(chunkName(f)))
const crossRole = Object.entries(ROLE_CHUNKS).flatMap(([role, names]) => {
  const own = chunksIn(assets, names)
  const others = Object.entries(ROLE_CHUNKS)
    .filter(([other]) => other !== role)
    .flatMap(([, otherNames]) => otherNames)
  return [...staticGraph(own)]
    .filter((f) => others.includes(chunkName(f)) && !names.includes(chunkName(f)))
    .map((f) => `${role} -> ${f}`)
})
if (crossRole.length > 0) {
  console.log(`  FAIL: a role's pages load another role's chunk: ${crossRole.join(', ')}`)
}

// The service worker's install (sw/sw.ts): the precache list the build injected into sw.js, minus
// the map, which it caches after the first signed-in page (sw/map-warmup.ts).
const sw = readFileSync(join(dist, 'sw.js'), 'utf8')
const listStart = sw.indexOf('[{"revision"')
let depth = 0
let listEnd = listStart
for (; listEnd < sw.length; listEnd++) {
  if (sw[listEnd] === '[') depth++
  if (sw[listEnd] === ']' && --depth === 0) break
}
const precache = JSON.parse(sw.slice(listStart, listEnd + 1)).map((entry) => entry.url)
const isMap = (url) =>
  /(^|\/)assets\/maplibre[^/]*\.(js|css)$/.test(url) || /(^|\/)map\/[^/]+\.geojson$/.test(url)
// Each role's code, cached once someone signs in as that role (sw/role-code.ts).
const install = precache.filter((url) => !isMap(url) && !isRoleCode(url))
const map = precache.filter(isMap)
console.log(
  `Service worker install: ${install.length} files, ${kb(sum(install))} brotli; the map afterwards: ${map.length} files, ${kb(sum(map))}`,
)
console.log(
  `  after sign-in, a role's code: ${Object.entries(ROLE_CHUNKS)
    .map(([role, names]) => {
      const files = chunksIn(precache, names)
      return `${role} ${kb(sum(files)).trim()} (${files.length} file${files.length === 1 ? '' : 's'})`
    })
    .join(', ')}`,
)

console.log(
  over
    ? `first visit: OVER BUDGET (${BUDGET_KB} KB)`
    : `first visit: within budget (${BUDGET_KB} KB)`,
)
process.exit(over || mixedStart || crossRole.length > 0 ? 1 : 0)
