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
})
