import { describe, expect, it } from 'vitest'
import { mustPath, seededRandom } from '../testing/corridor'
import {
  alongTrackKm,
  bandBox,
  corridorBoxes,
  detourKm,
  distanceToPathKm,
  EARTH_KM,
  greatCircleKm,
  inBoxes,
  isAntipodal,
  matchesCorridor,
  matchesTwoEnds,
  nearPath,
  pathOf,
  pointOnPath,
  segmentBoxes,
  segmentCount,
  unitVector,
  type LatLng,
} from './corridor-geometry'

const chicago = { lat: 41.8781, lng: -87.6298 }
const indianapolis = { lat: 39.7684, lng: -86.1581 }
const gary = { lat: 41.5934, lng: -87.3464 }
const lafayette = { lat: 40.4167, lng: -86.8753 }
const fiji = { lat: -17.7134, lng: 178.065 }
const samoa = { lat: -13.8333, lng: -171.7667 }

/** The point `km` from `p` on the initial bearing `deg` (great circle). */
function destinationPoint(p: LatLng, deg: number, km: number): LatLng {
  const [φ1, λ1, θ, δ] = [
    (p.lat * Math.PI) / 180,
    (p.lng * Math.PI) / 180,
    (deg * Math.PI) / 180,
    km / EARTH_KM,
  ]
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ))
  const λ2 =
    λ1 +
    Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2))
  return { lat: (φ2 * 180) / Math.PI, lng: (((λ2 * 180) / Math.PI + 540) % 360) - 180 }
}

/** Brute force: the distance to the arc from 2 000 points along it. */
function sampledDistanceKm(o: LatLng, d: LatLng, p: LatLng) {
  const [a, b, u] = [unitVector(o), unitVector(d), unitVector(p)]
  let best = Infinity
  for (let i = 0; i <= 2000; i++) {
    const t = i / 2000
    const c = [0, 1, 2].map((k) => (a[k] ?? 0) * (1 - t) + (b[k] ?? 0) * t)
    const n = Math.hypot(...c)
    const dotted = c.reduce((s, v, k) => s + (v / n) * (u[k] ?? 0), 0)
    best = Math.min(best, Math.acos(Math.min(1, dotted)) * EARTH_KM)
  }
  return best
}

const randomPlace = (next: () => number): LatLng => ({
  lat: Math.asin(2 * next() - 1) * (180 / Math.PI) * 0.95,
  lng: next() * 360 - 180,
})

describe('corridor geometry', () => {
  it('matches an item on the way and not one beside it or going backwards', () => {
    const path = mustPath(chicago, indianapolis, 25)
    expect(distanceToPathKm(path, gary)).toBeLessThan(15)
    expect(distanceToPathKm(path, lafayette)).toBeLessThan(25)
    expect(matchesCorridor(path, gary, lafayette)).toBe(true)
    expect(matchesCorridor(path, lafayette, gary)).toBe(false)
    // Two ends at one spot still match (the 1 km order slack).
    expect(matchesCorridor(path, gary, gary)).toBe(true)
    const beside = destinationPoint(lafayette, 270, 40)
    expect(matchesCorridor(path, gary, beside)).toBe(false)
    expect(alongTrackKm(path, gary)).toBeLessThan(alongTrackKm(path, lafayette))
    expect(alongTrackKm(path, chicago)).toBeCloseTo(0, 6)
    expect(alongTrackKm(path, indianapolis)).toBeCloseTo(greatCircleKm(chicago, indianapolis), 6)
  })

  it('measures the distance to the arc, ends clamped, as a brute-force sample does', () => {
    const next = seededRandom(7)
    for (let n = 0; n < 300; n++) {
      const o = randomPlace(next)
      const d = destinationPoint(o, next() * 360, 50 + next() * 3000)
      const p = destinationPoint(o, next() * 360, next() * 4000)
      const path = mustPath(o, d, 100)
      expect(distanceToPathKm(path, p)).toBeCloseTo(sampledDistanceKm(o, d, p), 0)
    }
  })

  it('tests the radius exactly: just inside matches, just outside does not', () => {
    const path = mustPath(chicago, indianapolis, 10)
    // Straight off the arc at 100 km along it, on either side: the offset is the distance.
    for (const side of [1, -1])
      for (const [km, near] of [
        [9.95, true],
        [10.05, false],
      ] as const) {
        const p = pointOnPath(path, 100, side * km)
        expect(distanceToPathKm(path, p)).toBeCloseTo(km, 6)
        expect(nearPath(path, unitVector(p))).toBe(near)
      }
    // Behind the origin and past the destination: only the discs around them count.
    for (const [km, near] of [
      [9.95, true],
      [10.05, false],
    ] as const) {
      const ahead = greatCircleKm(chicago, indianapolis) + km
      expect(nearPath(path, unitVector(pointOnPath(path, -km, 0)))).toBe(near)
      expect(nearPath(path, unitVector(pointOnPath(path, ahead, 0)))).toBe(near)
      expect(nearPath(path, unitVector(destinationPoint(chicago, 320, km)))).toBe(near)
    }
  })

  it('agrees with the exact distance on random items', () => {
    const next = seededRandom(11)
    for (let n = 0; n < 2000; n++) {
      const o = randomPlace(next)
      const d = destinationPoint(o, next() * 360, 10 + next() * 5000)
      const r = 1 + next() * 499
      const p = destinationPoint(o, next() * 360, next() * 2 * greatCircleKm(o, d))
      const path = mustPath(o, d, r)
      const km = distanceToPathKm(path, p)
      if (Math.abs(km - r) > 1e-6) expect(nearPath(path, unitVector(p))).toBe(km <= r)
    }
  })

  it('detour: zero on the path, never negative, the extra km otherwise', () => {
    expect(detourKm(chicago, indianapolis, chicago, indianapolis)).toBe(0)
    expect(detourKm(chicago, indianapolis, gary, gary)).toBeGreaterThanOrEqual(0)
    const o = { lat: 0, lng: 0 }
    const d = { lat: 0, lng: 2 }
    // Out 10 km at the start and back: 20 km more (on a sphere a hair less).
    const off = destinationPoint(o, 180, 10)
    expect(detourKm(o, d, off, o)).toBeCloseTo(20, 0)
    const near = detourKm(chicago, indianapolis, gary, lafayette)
    expect(near).toBeGreaterThan(0)
    expect(near).toBeLessThan(detourKm(chicago, indianapolis, lafayette, gary))
  })

  it('origin equal to destination: the disc around it, any order', () => {
    const path = mustPath(gary, gary, 20)
    expect(path.disc).toBe(true)
    const a = destinationPoint(gary, 10, 15)
    const b = destinationPoint(gary, 200, 19)
    expect(matchesCorridor(path, a, b)).toBe(true)
    expect(matchesCorridor(path, b, a)).toBe(true)
    expect(matchesCorridor(path, a, destinationPoint(gary, 200, 21))).toBe(false)
    expect(inBoxes(path, a, b)).toBe(true)
    expect(distanceToPathKm(path, b)).toBeCloseTo(19, 6)
  })

  it('refuses antipodal ends and handles the antimeridian', () => {
    expect(pathOf({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 10)).toBeNull()
    expect(isAntipodal({ lat: 10, lng: 20 }, { lat: -10, lng: -160.05 })).toBe(true)
    expect(isAntipodal({ lat: 0, lng: 0 }, { lat: 0, lng: 179.8 })).toBe(false)
    const path = mustPath(fiji, samoa, 30)
    expect(segmentCount(path)).toBe(1)
    const halfway = pointAlong(fiji, samoa, greatCircleKm(fiji, samoa) / 2)
    const pickup = destinationPoint(pointAlong(fiji, samoa, 100), 0, 20)
    const dropoff = destinationPoint(samoa, 0, 5)
    expect(Math.sign(pickup.lng)).toBe(1)
    expect(Math.sign(dropoff.lng)).toBe(-1)
    expect(distanceToPathKm(path, halfway)).toBeLessThan(1e-6)
    expect(matchesCorridor(path, pickup, dropoff)).toBe(true)
    expect(inBoxes(path, pickup, dropoff)).toBe(true)
    expect(matchesCorridor(path, dropoff, pickup)).toBe(false)
  })

  it('cuts long paths into sub-segments of SEGMENT_KM, at most four, with i <= j box pairs', () => {
    const o = { lat: 0, lng: 0 }
    const boxesOf = (km: number) => corridorBoxes(mustPath(o, destinationPoint(o, 45, km), 50))
    expect(boxesOf(1999)).toHaveLength(1)
    expect(boxesOf(2001)).toHaveLength(3)
    expect(boxesOf(5000)).toHaveLength(6)
    expect(boxesOf(7000)).toHaveLength(10)
    expect(boxesOf(19000)).toHaveLength(10)
  })

  it('boxes hold every band point and little more', () => {
    const next = seededRandom(3)
    for (let n = 0; n < 100; n++) {
      const o = randomPlace(next)
      const d = destinationPoint(o, next() * 360, 50 + next() * 9000)
      const r = 5 + next() * 200
      const path = mustPath(o, d, r)
      const boxes = segmentBoxes(path)
      const whole = bandBox(path.a, path.tangentA, path.length, path.radius)
      let outside = 0
      const lo = [Infinity, Infinity, Infinity]
      const hi = [-Infinity, -Infinity, -Infinity]
      for (let i = 0; i < 400; i++) {
        const onArc = pointAlong(o, d, next() * path.length * EARTH_KM)
        const p = unitVector(destinationPoint(onArc, next() * 360, (0.9 + 0.1 * next()) * r))
        for (let k = 0; k < 3; k++) {
          if ((p[k] ?? 0) < (whole.min[k] ?? 1) || (p[k] ?? 0) > (whole.max[k] ?? -1)) outside++
          lo[k] = Math.min(lo[k] ?? 0, p[k] ?? 0)
          hi[k] = Math.max(hi[k] ?? 0, p[k] ?? 0)
        }
      }
      expect(outside).toBe(0)
      // The box is the band's own bounding box: sampled points reach close to its faces.
      for (let k = 0; k < 3; k++) {
        expect((hi[k] ?? 0) - (lo[k] ?? 0)).toBeGreaterThan(
          ((whole.max[k] ?? 0) - (whole.min[k] ?? 0)) * 0.7,
        )
      }
      expect(boxes).toHaveLength(segmentCount(path))
    }
  })

  it('every corridor match lies in the boxes; every two-ends match is a corridor match', () => {
    const next = seededRandom(5)
    let corridor = 0
    let twoEnds = 0
    for (let n = 0; n < 200; n++) {
      const o = randomPlace(next)
      const km = 20 + next() * 9000
      const d = destinationPoint(o, next() * 360, km)
      const r = 1 + next() * Math.min(499, km / 2 - 0.5)
      const path = mustPath(o, d, r)
      for (let i = 0; i < 200; i++) {
        // Items near the path (within 1.5 radius of a random point of it), ends in random order.
        const along = next() * km
        const p = destinationPoint(pointAlong(o, d, along), next() * 360, next() * 1.5 * r)
        const q = destinationPoint(pointAlong(o, d, next() * km), next() * 360, next() * 1.5 * r)
        if (matchesCorridor(path, p, q)) {
          corridor++
          expect(inBoxes(path, p, q)).toBe(true)
        }
        const ends = [
          destinationPoint(o, next() * 360, next() * r),
          destinationPoint(d, next() * 360, next() * r),
        ] as const
        if (matchesTwoEnds(o, d, r, ends[0], ends[1])) {
          twoEnds++
          expect(matchesCorridor(path, ends[0], ends[1])).toBe(true)
          expect(inBoxes(path, ends[0], ends[1])).toBe(true)
        }
      }
    }
    expect(corridor).toBeGreaterThan(1000)
    expect(twoEnds).toBeGreaterThan(1000)
  })
})

/** The point `km` from o along the great circle towards d. */
function pointAlong(o: LatLng, d: LatLng, km: number): LatLng {
  const [a, b] = [unitVector(o), unitVector(d)]
  const θ = Math.acos(Math.min(1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]))
  const t = km / EARTH_KM
  const c = [0, 1, 2].map(
    (k) => ((a[k] ?? 0) * Math.sin(θ - t) + (b[k] ?? 0) * Math.sin(t)) / Math.sin(θ),
  )
  return {
    lat: (Math.asin(c[2] ?? 0) * 180) / Math.PI,
    lng: (Math.atan2(c[1] ?? 0, c[0] ?? 0) * 180) / Math.PI,
  }
}
