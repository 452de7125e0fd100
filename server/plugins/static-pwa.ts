import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const NO_CACHE = 'no-cache'

/** Files the browser must revalidate every time: pages, the worker and its registration. */
const revalidated = (file: string) =>
  /^(sw\.js|manifest\.webmanifest|registerSW\.js|workbox-[\w-]+\.js)$/.test(file) ||
  file.endsWith('.html')

/** The policy of a file under DIST_DIR (by its name before compression: x.js.br is x.js). */
function cacheControlFor(file: string): string {
  if (file.startsWith('assets/')) return IMMUTABLE
  return revalidated(path.basename(file)) ? NO_CACHE : 'public, max-age=3600'
}

/**
 * Headers only a document acts on (helmet sends them with every answer). A script, a style sheet
 * or a map file is never a document: each of those answers carried ~0.75 KB of them for nothing,
 * 23 KB of a first visit's worker install (478 -> 455 KB, issue 30 part 3). nosniff, CORP, HSTS
 * and the referrer policy stay. Kept whole: pages, SVGs, the service worker and the
 * map's worker script (`.mjs`), which take a policy of their own from their answer.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]
const neverADocument = (file: string) =>
  /^assets\/[^/]+\.(js|css)$/.test(file) || /^map\/[^/]+\.geojson$/.test(file)

export interface PrerenderedPage {
  path: string
  file: string
  title: string
}

/** What scripts/prerender.mjs wrote: the public pages, each as real HTML. */
function readPrerendered(root: string): { builtAt: string; pages: PrerenderedPage[] } {
  const manifest = path.join(root, 'prerendered', 'pages.json')
  if (!existsSync(manifest)) return { builtAt: new Date().toISOString(), pages: [] }
  return JSON.parse(readFileSync(manifest, 'utf8')) as { builtAt: string; pages: PrerenderedPage[] }
}

const xml = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/** robots.txt and sitemap.xml name the public pages on APP_ORIGIN (answered, not built: the
 * origin is the server's to know). */
function registerCrawlerFiles(app: FastifyInstance, pages: PrerenderedPage[], builtAt: string) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${app.publicOrigin()}/sitemap.xml\n`,
      ),
  )
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const lastmod = builtAt.slice(0, 10)
    const urls = pages
      .map(
        (p) =>
          `  <url><loc>${xml(app.publicOrigin() + p.path)}</loc><lastmod>${lastmod}</lastmod></url>`,
      )
      .join('\n')
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      )
  })
}

/**
 * Serves the built PWA from DIST_DIR, each text file as its build-time .br or .gz when the client
 * accepts it: hashed /assets/* immutable, pages and the worker no-cache. The public pages answer
 * with their prerendered HTML (dist/prerendered); other client routes get the app shell
 * (index.html). Without a build, non-API routes answer 503 with a hint. Unknown /api/* routes
 * answer the 404 envelope.
 */
export const staticPwaPlugin = fp(
  async (app) => {
    const root = app.config.distDir
    const hasBuild = existsSync(path.join(root, 'index.html'))

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        index: false,
        wildcard: true,
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          // Whichever encoding of the file is sent, it is answered as the file itself.
          const file = path
            .relative(root, filePath)
            .split(path.sep)
            .join('/')
            .replace(/\.(br|gz)$/, '')
          reply.header('Cache-Control', cacheControlFor(file))
          // Helmet wrote these on the raw answer, before this file was known.
          if (neverADocument(file))
            for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name)
        },
      })
      const { builtAt, pages } = readPrerendered(root)
      for (const page of pages)
        app.get(page.path, { schema: { hide: true } }, (_request, reply) =>
          reply.sendFile(`prerendered/${page.file}`, root),
        )
      registerCrawlerFiles(app, pages, builtAt)
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.code(404).send({ success: false, message: 'Not found', code: 'NOT_FOUND' })
      }
      if (!hasBuild) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The web app is not built yet. Run `npm run build` (or `npm start`), then restart the server.',
          )
      }
      const wantsHtml = (request.headers.accept ?? '').includes('text/html')
      if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
        return reply.sendFile('index.html', root)
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    })
  },
  { name: 'static-pwa', dependencies: ['config'] },
)
