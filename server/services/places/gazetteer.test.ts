import { describe, expect, it } from 'vitest'
import { Gazetteer, gazetteerPlaces, normalise, searchKeys, worldGazetteer } from './gazetteer'
import { geocode } from './geocode'

describe('the embedded gazetteer', () => {
  it('normalises accents, case and punctuation', () => {
    expect(normalise('  Zürich ')).toBe('zurich')
    expect(normalise('Saint-Étienne')).toBe('saint etienne')
  })

  it('finds cities by name prefix, the most populous first, with region and country', () => {
    const g = worldGazetteer()
    expect(g.search('berlin', 3)[0]).toMatchObject({ display_name: 'Berlin, Germany' })
    expect(g.search('Berl', 1)[0]!.display_name).toBe('Berlin, Germany')
    expect(g.search('muench', 5).length + g.search('munich', 5).length).toBeGreaterThan(0)
    expect(g.search('Munich', 1)[0]).toMatchObject({ display_name: 'Munich, Bavaria, Germany' })
    expect(g.search('zurich', 1)[0]!.display_name).toBe('Zürich, Switzerland')
    const paris = g.search('paris', 5)
    expect(paris[0]).toMatchObject({ display_name: 'Paris, Île-de-France, France' })
    expect(paris[0]!.lat).toBeCloseTo(48.85, 1)
    expect(paris[0]!.lon).toBeCloseTo(2.35, 1)
    expect(g.search('Paris, US', 3).every((p) => p.display_name.endsWith('United States'))).toBe(
      true,
    )
    expect(g.search('paris united states', 1)[0]!.display_name).toBe('Paris, Texas, United States')
    expect(g.search('qwxzzyq', 5)).toEqual([])
    expect(g.search('   ', 5)).toEqual([])
    expect(g.search('san', 4)).toHaveLength(4)
  })

  it('answers the nearest city, and null far from any', () => {
    const g = worldGazetteer()
    expect(g.reverse(52.52, 13.405)!.display_name).toBe('Berlin, Germany')
    expect(g.reverse(48.857, 2.352)!.display_name).toBe('Paris, Île-de-France, France')
    expect(g.reverse(-33.87, 151.21)!.display_name).toMatch(/Australia$/)
    expect(g.reverse(0, -140)).toBeNull()
  })

  it('tells same-named places apart by region, bigger first, and never lists one twice', () => {
    const g = worldGazetteer()
    const geneva = g.search('Geneva', 10).map((p) => p.display_name)
    expect(geneva[0]).toBe('Genève, Switzerland')
    expect(geneva).toContain('Geneva, Illinois, United States')
    expect(geneva.indexOf('Genève, Switzerland')).toBeLessThan(
      geneva.indexOf('Geneva, Illinois, United States'),
    )
    expect(new Set(geneva).size).toBe(geneva.length)
    const springfields = g.search('Springfield', 20).map((p) => p.display_name)
    expect(springfields[0]).toMatch(
      /^Springfield, (Missouri|Massachusetts|Illinois), United States$/,
    )
    expect(new Set(springfields).size).toBe(springfields.length)
  })

  it('offers the biggest place by the name people type first: the capital, the City', async () => {
    const g = worldGazetteer()
    const washington = g.search('Washington', 8).map((p) => p.display_name)
    expect(washington[0]).toBe('Washington, D.C., United States')
    expect(washington).toContain('Washington, England, United Kingdom')
    expect(new Set(washington).size).toBe(washington.length)
    for (const q of ['Washington D', 'Washington DC', 'Washington, D.C.', 'washington, dc'])
      expect(g.search(q, 1)[0]!.display_name).toBe('Washington, D.C., United States')
    expect(g.search('New York', 5)[0]!.display_name).toBe('New York City, New York, United States')
    expect(g.search('New Yo', 1)[0]!.display_name).toBe('New York City, New York, United States')
    expect(g.search('Mexico', 1)[0]!.display_name).toBe('Mexico City, Ciudad de México, Mexico')
    // 'New City' (a county seat in New York) is not named after its state, so keeps its region.
    expect(g.search('New City', 5).map((p) => p.display_name)).toContain(
      'New City, New York, United States',
    )
    const dc = await geocode(
      gazetteerPlaces(() => g),
      'Washington',
    )
    expect(dc).toMatchObject({ address: 'Washington, D.C., United States' })
    expect(dc.lat).toBeCloseTo(38.9, 1)
    expect(g.reverse(38.895, -77.036)!.display_name).toBe('Washington, D.C., United States')
    expect(g.reverse(40.714, -74.006)!.display_name).toBe('New York City, New York, United States')
  })

  it('keys a name by its qualifier-free and City-free forms', () => {
    expect(searchKeys('Washington, D.C.')).toEqual([
      'washington d c',
      'washington',
      'washington dc',
    ])
    expect(searchKeys('New York City')).toEqual(['new york city', 'new york'])
    expect(searchKeys('City')).toEqual(['city'])
    expect(searchKeys('Genève')).toEqual(['geneve'])
  })

  it('names a reverse lookup the same way', () => {
    const g = worldGazetteer()
    expect(g.reverse(41.887, -88.305)!.display_name).toBe('Geneva, Illinois, United States')
    expect(g.reverse(46.2, 6.15)!.display_name).toBe('Genève, Switzerland')
  })

  it('keeps two same-named towns of one region as one suggestion, the bigger', () => {
    const g = new Gazetteer([
      { name: 'Springfield', country: 'US', region: 'Ohio', population: 500, lat: 40, lon: -83 },
      {
        name: 'Springfield',
        country: 'US',
        region: 'Ohio',
        population: 58000,
        lat: 39.9,
        lon: -83.8,
      },
      {
        name: 'Springfield',
        country: 'US',
        region: 'Illinois',
        population: 114000,
        lat: 39.8,
        lon: -89.6,
      },
    ])
    const found = g.search('springfield', 5)
    expect(found.map((p) => p.display_name)).toEqual([
      'Springfield, Illinois, United States',
      'Springfield, Ohio, United States',
    ])
    expect(found[1]!.lon).toBeCloseTo(-83.8)
  })

  it('searches a small gazetteer across the antimeridian', () => {
    const g = new Gazetteer([
      { name: 'Suva', country: 'FJ', population: 77000, lat: -18.14, lon: 178.44 },
      { name: 'Apia', country: 'WS', population: 40000, lat: -13.83, lon: -171.76 },
    ])
    expect(g.reverse(-18.1, -179.9)!.display_name).toBe('Suva, Fiji')
    expect(g.search('a', 5).map((p) => p.display_name)).toEqual(['Apia, Samoa'])
  })
})
