import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../app'
import { LIMITS, TOO_MANY } from '../services/throttle'
import { backends, createTestApp, TEST_JWT_SECRET, type TestApp } from '../testing/test-app'

const NOMINATIM = 'http://nominatim.test'

describe.each(backends)('GET /api/places/* from the gazetteer on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(() => t?.close())

  it('searches and reverses without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/search?q=berlin&limit=2' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.success).toBe(true)
    expect(body.data).toHaveLength(2)
    expect(body.data[0]).toEqual({
      display_name: 'Berlin, Germany',
      lat: expect.closeTo(52.52, 1),
      lon: expect.closeTo(13.41, 1),
    })
    const rev = await t.app.inject({
      method: 'GET',
      url: '/api/places/reverse?lat=48.14&lon=11.58',
    })
    expect(rev.statusCode).toBe(200)
    expect(rev.json().data.display_name).toBe('Munich, Bavaria, Germany')
    const sea = await t.app.inject({ method: 'GET', url: '/api/places/reverse?lat=0&lon=-140' })
    expect(sea.json()).toMatchObject({ success: true, data: null })
  })

  it('suggests the biggest place of a name first', async () => {
    const first = async (q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/places/search?q=${encodeURIComponent(q)}&limit=8`,
        })
      ).json().data[0].display_name
    expect(await first('Washington')).toBe('Washington, D.C., United States')
    expect(await first('New York')).toBe('New York City, New York, United States')
  })

  it('validates the query', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/places/search?q=%20' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('Type a place to search for')
    const bad = await t.app.inject({ method: 'GET', url: '/api/places/reverse?lat=91&lon=0' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /api/places/* through Nominatim', () => {
  let t: TestApp
  let mode: 'ok' | 'fail' = 'ok'
  const seen: URL[] = []
  const server = setupServer(
    http.get(`${NOMINATIM}/search`, ({ request }) => {
      seen.push(new URL(request.url))
      if (mode === 'fail') return new HttpResponse('boom', { status: 502 })
      return HttpResponse.json([
        {
          display_name:
            'Lyon, Métropole de Lyon, Auvergne-Rhône-Alpes, France métropolitaine, France',
          lat: '45.7578137',
          lon: '4.8320114',
          address: {
            city: 'Lyon',
            county: 'Métropole de Lyon',
            state: 'Auvergne-Rhône-Alpes',
            country: 'France',
          },
        },
        // The same city again, as its municipality: shown once.
        {
          display_name: 'Lyon, Rhône, France',
          lat: '45.76',
          lon: '4.83',
          address: { municipality: 'Lyon', state: 'Auvergne-Rhône-Alpes', country: 'France' },
        },
        { display_name: 'broken', lat: 'x', lon: '1' },
      ])
    }),
    http.get(`${NOMINATIM}/reverse`, ({ request }) => {
      seen.push(new URL(request.url))
      if (mode === 'fail') return HttpResponse.error()
      return HttpResponse.json({
        display_name: '1 Place Bellecour, Lyon, Auvergne-Rhône-Alpes, France',
        lat: '45.75',
        lon: '4.83',
        address: {
          road: 'Place Bellecour',
          city: 'Lyon',
          state: 'Auvergne-Rhône-Alpes',
          country: 'France',
        },
      })
    }),
  )
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    t = await createTestApp('pglite', { NOMINATIM_URL: `${NOMINATIM}/` })
  })
  afterAll(async () => {
    server.close()
    await t?.close()
  })

  it('proxies search and reverse and maps the numbers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/search?q=lyon&limit=3' })
    expect(res.json().data).toEqual([
      { display_name: 'Lyon, Auvergne-Rhône-Alpes, France', lat: 45.7578137, lon: 4.8320114 },
    ])
    expect(seen[0]!.searchParams.get('format')).toBe('jsonv2')
    expect(seen[0]!.searchParams.get('addressdetails')).toBe('1')
    expect(seen[0]!.searchParams.get('q')).toBe('lyon')
    const rev = await t.app.inject({ method: 'GET', url: '/api/places/reverse?lat=45.75&lon=4.83' })
    expect(rev.json().data).toEqual({
      display_name: 'Lyon, Auvergne-Rhône-Alpes, France',
      lat: 45.75,
      lon: 4.83,
    })
    expect(seen[1]!.pathname).toBe('/reverse')
    expect(seen[1]!.searchParams.get('lat')).toBe('45.75')
  })

  it('answers an empty list / null when Nominatim fails', async () => {
    mode = 'fail'
    const res = await t.app.inject({ method: 'GET', url: '/api/places/search?q=lyon' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, data: [] })
    const rev = await t.app.inject({ method: 'GET', url: '/api/places/reverse?lat=1&lon=2' })
    expect(rev.json()).toMatchObject({ success: true, data: null })
    mode = 'ok'
  })
})

describe.each(backends)('the place search limit on %s', (backend) => {
  let t: TestApp
  let other: App | undefined
  let otherDir: string | undefined
  beforeAll(async () => {
    t = await createTestApp(backend)
    if (t.url) {
      // A second process on the same database, as behind a load balancer.
      otherDir = mkdtempSync(path.join(tmpdir(), 'tote-test-'))
      other = await buildApp({
        env: {
          NODE_ENV: 'test',
          SEED: 'false',
          JWT_SECRET: TEST_JWT_SECRET,
          DATA_DIR: otherDir,
          DIST_DIR: path.join(otherDir, 'no-dist'),
          LOG_LEVEL: 'warn',
          DATABASE_URL: t.url,
        },
      })
      await other.ready()
    }
  })
  afterAll(async () => {
    await other?.close()
    if (otherDir) rmSync(otherDir, { recursive: true, force: true })
    await t?.close()
  })

  it('allows 120 searches a minute per address, counted across processes, then 429', async () => {
    const apps = other ? [t.app, other] : [t.app]
    const search = (i: number) =>
      apps[i % apps.length]!.inject({ method: 'GET', url: `/api/places/search?q=Ber${i % 3}` })
    const answers = []
    for (let i = 0; i < LIMITS.placesPerClient.limit; i++)
      answers.push((await search(i)).statusCode)
    expect(answers.filter((code) => code !== 200)).toEqual([])
    const refused = await search(LIMITS.placesPerClient.limit)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({
      success: false,
      message: TOO_MANY.placeSearchesFromNetwork,
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Reverse lookups share the count; another address does not.
    const apiOf = apps[apps.length - 1]!
    expect(
      (await apiOf.inject({ method: 'GET', url: '/api/places/reverse?lat=52.5&lon=13.4' }))
        .statusCode,
    ).toBe(429)
    expect(
      (
        await apiOf.inject({
          method: 'GET',
          url: '/api/places/search?q=Berlin',
          remoteAddress: '10.0.0.7',
        })
      ).statusCode,
    ).toBe(200)
  }, 60_000)
})
