import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

const backend = backends[0]!
const INDEX =
  '<!doctype html><html><head><title>Tote test shell</title></head><body><div id="root"></div></body></html>'
const FAQ =
  '<!doctype html><html><head><title>FAQ · Tote</title></head><body>Prerendered FAQ</body></html>'
const HOME = '<!doctype html><html><body>Prerendered home</body></html>'

describe('static PWA with a build', () => {
  let t: TestApp
  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const dist = mkdtempSync(path.join(tmpdir(), 'tote-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(path.join(dist, 'index.html'), INDEX)
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")')
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Tote"}')
    // What scripts/build.mjs writes: compressed copies, and the prerendered public pages.
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
    writeFileSync(path.join(dist, 'assets', 'big-def456.js'), script)
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(script))
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(script))
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX))
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX))
    mkdirSync(path.join(dist, 'prerendered'))
    writeFileSync(path.join(dist, 'prerendered', 'faq.html'), FAQ)
    writeFileSync(path.join(dist, 'prerendered', 'faq.html.br'), brotliCompressSync(FAQ))
    writeFileSync(path.join(dist, 'prerendered', 'index.html'), HOME)
    writeFileSync(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({
        builtAt: '2026-11-23T10:00:00.000Z',
        pages: [
          { path: '/', file: 'index.html', title: 'Tote · Send with travellers' },
          { path: '/faq', file: 'faq.html', title: 'FAQ · Tote' },
        ],
      }),
    )
    t = await createTestApp(backend, { DIST_DIR: dist, APP_ORIGIN: 'https://tote.example' })
  })
  afterAll(() => t?.close())

  const get = (url: string, accept = '*/*', encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept, ...(encoding !== undefined ? { 'accept-encoding': encoding } : {}) },
    })

  it('serves hashed assets as immutable', async () => {
    const res = await get('/assets/index-abc123.js')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('console.log')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('sends a script without the page-only headers, whichever copy; a page and the worker keep them', async () => {
    for (const encoding of ['', 'br']) {
      const script = await get('/assets/big-def456.js', '*/*', encoding)
      expect(script.statusCode).toBe(200)
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ])
        expect(script.headers[name], `${name} (${encoding || 'plain'})`).toBeUndefined()
      expect(script.headers['x-content-type-options']).toBe('nosniff')
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin')
    }
    for (const url of ['/sw.js', '/index.html', '/faq']) {
      const res = await get(url, 'text/html')
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'")
      expect(res.headers['x-frame-options'], url).toBe('DENY')
    }
  })

  it.each(['/sw.js', '/index.html', '/manifest.webmanifest'])(
    'serves %s with no-cache',
    async (url) => {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
    },
  )

  it('sends the build-time brotli or gzip copy by Accept-Encoding, else the file itself', async () => {
    const plain = await get('/assets/big-def456.js', '*/*', '')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('console.log')
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding')
    const none = await get('/assets/big-def456.js')
    expect(none.headers['content-encoding']).toBeUndefined()

    const gz = await get('/assets/big-def456.js', '*/*', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log')

    const br = await get('/assets/big-def456.js', '*/*', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log')
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10)

    // The shell keeps no-cache whichever copy is sent.
    const shell = await get('/items/123', 'text/html', 'br')
    expect(shell.headers['content-encoding']).toBe('br')
    expect(shell.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(shell.rawPayload).toString()).toContain('Tote test shell')
  })

  it('answers the public pages with their prerendered HTML, compressed when asked', async () => {
    const faq = await get('/faq', 'text/html', 'br')
    expect(faq.statusCode).toBe(200)
    expect(faq.headers['content-encoding']).toBe('br')
    expect(faq.headers['content-type']).toMatch(/text\/html/)
    expect(faq.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(faq.rawPayload).toString()).toContain('Prerendered FAQ')
    const plain = await get('/faq?from=search', 'text/html', '')
    expect(plain.body).toContain('Prerendered FAQ')
    const home = await get('/', 'text/html')
    expect(home.body).toContain('Prerendered home')
  })

  it('lists the public pages in robots.txt and sitemap.xml on APP_ORIGIN', async () => {
    const robots = await get('/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.body).toContain('Disallow: /api/')
    expect(robots.body).toContain('Sitemap: https://tote.example/sitemap.xml')
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/)
    expect(sitemap.body).toContain('<loc>https://tote.example/</loc>')
    expect(sitemap.body).toContain('<loc>https://tote.example/faq</loc>')
    expect(sitemap.body).toContain('<lastmod>2026-11-23</lastmod>')
  })

  it('falls back to index.html for client routes that accept HTML', async () => {
    for (const url of ['/items/123', '/verify-email?token=abcdefabcdef']) {
      const res = await get(url, 'text/html,application/xhtml+xml')
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('Tote test shell')
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'")
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
    }
  })

  it('does not answer missing files or API routes with the shell', async () => {
    expect((await get('/assets/missing.js')).statusCode).toBe(404)
    const api = await get('/api/nothing', 'text/html')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' })
  })
})

describe('static PWA without a build', () => {
  it('answers 503 with a hint for pages and keeps the API working', async () => {
    const t = await createTestApp(backend)
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'text/html' },
      })
      expect(res.statusCode).toBe(503)
      expect(res.body).toContain('npm run build')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
