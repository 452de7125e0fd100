// Prerenders the public pages (src/lib/public-pages.ts) into dist/prerendered/: each page's HTML
// with its styles inline and its head tags. Needs the client build (dist/) and the SSR build of
// src/entry-prerender.tsx.
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

export async function prerenderAll(ssrEntry) {
  const { prerender, PRERENDERED_PAGES } = await import(pathToFileURL(ssrEntry).href)
  const template = readFileSync(join(dist, 'index.html'), 'utf8')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const pages = []
  for (const path of PRERENDERED_PAGES) {
    const page = await prerender(path)
    if (page.path !== path) throw new Error(`${path} redirected to ${page.path} when prerendered`)
    const head = page.head.map(headTag).join('')
    const html = template
      .replace(/<title>[^<]*<\/title>/, head)
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace('</head>', `${page.styles}</head>`)
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
  return pages
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pages = await prerenderAll(process.argv[2])
  console.log(`[prerender] ${pages.length} public pages: ${pages.map((p) => p.path).join(' ')}`)
}
