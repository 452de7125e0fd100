import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cspDirectives, DEFAULT_MAP_ORIGIN } from './security'

describe('the map in the Content-Security-Policy', () => {
  it('lets the default map style host answer, and no other host, when no style is configured', () => {
    const { connectSrc } = cspDirectives({ mapStyleUrl: undefined })
    expect(DEFAULT_MAP_ORIGIN).toBe('https://tiles.openfreemap.org')
    expect(connectSrc).toEqual(["'self'", 'https://api.stripe.com', DEFAULT_MAP_ORIGIN])
  })

  it('lets a configured style pull tiles, glyphs and sprites from its own and other https hosts', () => {
    const { connectSrc } = cspDirectives({ mapStyleUrl: 'https://maps.example.com/style.json' })
    expect(connectSrc).toContain('https://maps.example.com')
    expect(connectSrc).toContain('https:')
    expect(connectSrc).not.toContain(DEFAULT_MAP_ORIGIN)
  })

  it("allows exactly the built page's inline scripts by their hash", () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'tote-csp-'))
    const code = "document.documentElement.classList.add('dark')"
    writeFileSync(
      path.join(dist, 'index.html'),
      `<head><script>${code}</script><script type="module" src="/a.js"></script></head>`,
    )
    const hash = createHash('sha256').update(code).digest('base64')
    const { scriptSrc } = cspDirectives({ mapStyleUrl: undefined, distDir: dist })
    expect(scriptSrc).toEqual(["'self'", 'https://js.stripe.com', `'sha256-${hash}'`])
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    // No build: nothing inline is allowed.
    expect(
      cspDirectives({ mapStyleUrl: undefined, distDir: path.join(dist, 'none') }).scriptSrc,
    ).toEqual(["'self'", 'https://js.stripe.com'])
  })
})
