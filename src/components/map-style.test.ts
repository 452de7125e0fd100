import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '@/test/msw-server'
import {
  chooseRemoteStyle,
  DEFAULT_STYLE_URL,
  fetchRemoteStyle,
  markRemoteFailed,
  offlineStyle,
  remoteStyleUrl,
  resetRemoteChoice,
} from './map-style'

const STYLE_URL = 'https://tiles.example.test/styles/liberty'
const style = {
  version: 8,
  sources: { openmaptiles: { type: 'vector', url: 'https://tiles.example.test/planet' } },
  layers: [{ id: 'background', type: 'background' }],
}

afterEach(() => {
  resetRemoteChoice()
  vi.unstubAllGlobals()
})

describe('the map style', () => {
  it('asks for the free public style when no style is configured', () => {
    expect(DEFAULT_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty')
    expect(remoteStyleUrl).toBe(import.meta.env.VITE_MAP_STYLE_URL || DEFAULT_STYLE_URL)
  })

  it('uses the remote style when it answers', async () => {
    server.use(http.get(STYLE_URL, () => HttpResponse.json(style)))
    expect(await fetchRemoteStyle(STYLE_URL)).toEqual(style)
  })

  it.each([
    ['the host is unreachable', () => HttpResponse.error()],
    ['the host answers 503', () => new HttpResponse('down', { status: 503 })],
    ['the answer is not a style', () => HttpResponse.json({ hello: 'world' })],
    ['the answer is not JSON', () => new HttpResponse('<html>captive portal</html>')],
  ])('falls back to the offline map when %s', async (_, answer) => {
    server.use(http.get(STYLE_URL, answer))
    expect(await fetchRemoteStyle(STYLE_URL)).toBeUndefined()
  })

  it('gives up on a style that takes longer than the timeout, at the timeout', async () => {
    server.use(
      http.get(STYLE_URL, async () => {
        await delay(5_000)
        return HttpResponse.json(style)
      }),
    )
    const started = Date.now()
    expect(await fetchRemoteStyle(STYLE_URL, 200)).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('does not ask at all when the browser knows it is offline', async () => {
    let asked = false
    server.use(
      http.get(STYLE_URL, () => {
        asked = true
        return HttpResponse.json(style)
      }),
    )
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    expect(await fetchRemoteStyle(STYLE_URL)).toBeUndefined()
    expect(asked).toBe(false)
  })

  it('asks once per page load, and not again after the remote map failed', async () => {
    let asks = 0
    server.use(
      http.get(STYLE_URL, () => {
        asks += 1
        return HttpResponse.json(style)
      }),
    )
    expect(await chooseRemoteStyle(STYLE_URL)).toEqual(style)
    expect(await chooseRemoteStyle(STYLE_URL)).toEqual(style)
    expect(asks).toBe(1)
    markRemoteFailed()
    expect(await chooseRemoteStyle(STYLE_URL)).toBeUndefined()
    expect(asks).toBe(1)
  })
})

describe('the offline base map', () => {
  it('draws water, land, borders, roads and city names from public/map', () => {
    const offline = offlineStyle(false)
    const ids = offline.layers.map((l) => l.id)
    expect(ids).toEqual(
      expect.arrayContaining([
        'water',
        'land',
        'lakes',
        'borders',
        'regions',
        'roads',
        'city-label-major',
      ]),
    )
    const sources = Object.values(offline.sources).map((s) => ('data' in s ? s.data : undefined))
    for (const file of ['land', 'lakes', 'borders', 'regions', 'roads', 'cities'])
      expect(sources).toContain(`${window.location.origin}/map/${file}.geojson`)
    // Its data is credited as its licences ask (the map's attribution control lists these).
    const credits = Object.values(offline.sources).map((s) =>
      'attribution' in s ? s.attribution : undefined,
    )
    expect(credits).toEqual(
      expect.arrayContaining([
        'Natural Earth',
        'Natural Earth Vector Tiles by Lukas Martinelli (ODbL)',
        'GeoNames (CC BY 4.0)',
      ]),
    )
    // Labels are drawn from the browser's fonts: no glyph server to reach offline.
    expect(offline.glyphs).toBeUndefined()
  })

  it("puts the biggest cities' names on top, so a suburb's name never hides its city's", () => {
    const ids = offlineStyle(false).layers.map((l) => l.id)
    // MapLibre places the symbols of later (higher) layers first.
    expect(ids.indexOf('city-label-major')).toBeGreaterThan(ids.indexOf('city-label-large'))
    expect(ids.indexOf('city-label-large')).toBeGreaterThan(ids.indexOf('city-label-town'))
    expect(ids.indexOf('city-label-town')).toBeGreaterThan(ids.indexOf('city-dot-major'))
  })

  it('has a dark palette', () => {
    const colour = (dark: boolean) =>
      offlineStyle(dark).layers.find((l) => l.id === 'water')?.paint as Record<string, string>
    expect(colour(true)['background-color']).not.toBe(colour(false)['background-color'])
  })
})
