// Prerenders the public pages (src/lib/public-pages.ts) into dist/prerendered/: each page's HTML
// with its styles inline, its head tags, and the list of the code that hydrates it. Needs the
// client build (dist/, with .vite/manifest.json) and the SSR build of src/entry-prerender.tsx.
// Usage: node scripts/prerender.mjs <ssr-entry.js>
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const dist = new URL('../dist/', import.meta.url).pathname
const out = join(dist, 'prerendered')

const escape = (value) =>
  String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')

/** A head tag, marked so the browser can hand it over to React (src/main.tsx). */
function headTag({ tag, attrs, text }) {
  const attributes = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('')
  return tag === 'title'
    ? `<title data-prerendered>${escape(text ?? '')}</title>`
    : `<${tag}${attributes} data-prerendered>`
}

/** The source file of a route id: '/_public/' -> src/routes/_public/index.tsx. */
const routeFile = (id) =>
  id === '__root__' ? 'src/routes/__root.tsx' : `src/routes${id.replace(/\/$/, '/index')}.tsx`

/**
 * The code that takes the page over (src/boot.tsx and the matched routes' split code) beyond what
 * its own script tag loads: fetched when the browser is idle after the page loaded (src/main.tsx),
 * never before the first paint.
 */
function appChunks(manifest, routeIds, loaded) {
  const files = new Set()
  const visit = (key) => {
    const entry = manifest[key]
    if (!entry || loaded.has(entry.file) || files.has(entry.file)) return
    files.add(entry.file)
    for (const dep of entry.imports ?? []) visit(dep)
  }
  visit('src/boot.tsx')
  for (const id of routeIds)
    for (const split of ['component', 'loader']) visit(`${routeFile(id)}?tsr-split=${split}`)
  return [...files]
}

export async function prerenderAll(ssrEntry) {
  const { prerender, PRERENDERED_PAGES } = await import(pathToFileURL(ssrEntry).href)
  const template = readFileSync(join(dist, 'index.html'), 'utf8')
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
  const loaded = new Set(
    [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]),
  )
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const pages = []
  for (const path of PRERENDERED_PAGES) {
    const page = await prerender(path)
    if (page.path !== path) throw new Error(`${path} redirected to ${page.path} when prerendered`)
    const code = appChunks(manifest, page.routeIds, loaded)
      .map((file) => `/${file}`)
      .join(' ')
    const preloads = `<meta name="tote-app-code" content="${code}">`
    const head = page.head.map(headTag).join('')
    const html = template
      .replace(/<title>[^<]*<\/title>/, head)
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace('</head>', `${preloads}${page.styles}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${escape(path)}">${page.html}</div>`,
      )
    const file = path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '-')}.html`
    writeFileSync(join(out, file), html)
    const title = page.head.find((t) => t.tag === 'title')?.text ?? 'Tote'
    pages.push({ path, file, title })
  }
  writeFileSync(
    join(out, 'pages.json'),
    JSON.stringify({ builtAt: new Date().toISOString(), pages }, null, 2),
  )
  // The manifest was for this script only; it is not served.
  rmSync(join(dist, '.vite'), { recursive: true, force: true })
  return pages
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pages = await prerenderAll(process.argv[2])
  console.log(`[prerender] ${pages.length} public pages: ${pages.map((p) => p.path).join(' ')}`)
}
