import { describe, expect, it } from 'vitest'
import { corridorRing, greatCircleLine } from './corridor-shape'

const chicago = { lat: 41.88, lng: -87.63 }
const indianapolis = { lat: 39.77, lng: -86.16 }

/** Haversine km, independent of the code under test. */
function km(a: [number, number], b: { lat: number; lng: number }) {
  const r = Math.PI / 180
  const dφ = (b.lat - a[1]) * r
  const dλ = (b.lng - a[0]) * r
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(a[1] * r) * Math.cos(b.lat * r) * Math.sin(dλ / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

describe('greatCircleLine', () => {
  it('starts and ends at the route’s ends', () => {
    const line = greatCircleLine(chicago, indianapolis)
    expect(line[0]?.[0]).toBeCloseTo(chicago.lng, 6)
    expect(line[0]?.[1]).toBeCloseTo(chicago.lat, 6)
    expect(line.at(-1)?.[0]).toBeCloseTo(indianapolis.lng, 6)
    expect(line.at(-1)?.[1]).toBeCloseTo(indianapolis.lat, 6)
  })

  it('crosses the antimeridian instead of going round the world', () => {
    const line = greatCircleLine({ lat: -17.7, lng: 178.4 }, { lat: -13.8, lng: -171.8 })
    const lngs = line.map(([lng]) => lng)
    for (let i = 1; i < lngs.length; i++) {
      expect(Math.abs((lngs[i] ?? 0) - (lngs[i - 1] ?? 0))).toBeLessThan(5)
    }
    expect(lngs.at(-1)).toBeCloseTo(188.2, 6)
  })
})

describe('corridorRing', () => {
  it('keeps radiusKm from the ends on its caps and closes', () => {
    const ring = corridorRing(chicago, indianapolis, 20)
    expect(ring[0]).toEqual(ring.at(-1))
    const nearest = (p: { lat: number; lng: number }) => Math.min(...ring.map((q) => km(q, p)))
    // The outline passes 20 km from each end (as close as the drawing's sampling allows).
    expect(nearest(chicago)).toBeGreaterThan(19.5)
    expect(nearest(chicago)).toBeLessThan(20.5)
    expect(nearest(indianapolis)).toBeGreaterThan(19.5)
    expect(nearest(indianapolis)).toBeLessThan(20.5)
  })

  it('is the circle round a place when origin and destination are the same', () => {
    const ring = corridorRing(chicago, chicago, 10)
    for (const point of ring) expect(km(point, chicago)).toBeCloseTo(10, 1)
  })
})
