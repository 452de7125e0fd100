import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

const backend = backends[0]!
const INDEX =
  '<!doctype html><html><head><title>Tote test shell</title></head><body><div id="root"></div></body></html>'

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
    t = await createTestApp(backend, { DIST_DIR: dist })
  })
  afterAll(() => t?.close())

  const get = (url: string, accept = '*/*') =>
    t.app.inject({ method: 'GET', url, headers: { accept } })

  it('serves hashed assets as immutable', async () => {
    const res = await get('/assets/index-abc123.js')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('console.log')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it.each(['/sw.js', '/index.html', '/manifest.webmanifest'])(
    'serves %s with no-cache',
    async (url) => {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
    },
  )

  it('falls back to index.html for client routes that accept HTML', async () => {
    for (const url of ['/', '/items/123', '/verify-email?token=abcdefabcdef']) {
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
    expect(api.json()).toEqual({ success: false, message: 'Not found' })
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
