import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const NO_CACHE = 'no-cache'

/** Files the browser must revalidate every time: the shell, the worker and its registration. */
const revalidated = (file: string) =>
  /^(index\.html|sw\.js|manifest\.webmanifest|registerSW\.js|workbox-[\w-]+\.js)$/.test(file) ||
  file.endsWith('.html')

/**
 * Serves the built PWA from DIST_DIR: hashed /assets/* immutable, shell files no-cache, and the SPA
 * fallback (index.html) for client routes. Without a build, non-API routes answer 503 with a hint.
 * Unknown /api/* routes answer the 404 envelope.
 */
export const staticPwaPlugin = fp(
  async (app) => {
    const root = app.config.distDir
    const index = path.join(root, 'index.html')
    const hasBuild = existsSync(index)

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        index: ['index.html'],
        wildcard: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const rel = path.relative(root, filePath).split(path.sep).join('/')
          const policy = rel.startsWith('assets/')
            ? IMMUTABLE
            : revalidated(path.basename(rel))
              ? NO_CACHE
              : 'public, max-age=3600'
          reply.header('Cache-Control', policy)
        },
      })
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.code(404).send({ success: false, message: 'Not found' })
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
        return reply.header('Cache-Control', NO_CACHE).sendFile('index.html', root)
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    })
  },
  { name: 'static-pwa', dependencies: ['config'] },
)
