import { pathOf, type LatLng, type Path } from '../services/corridor-geometry'

/** The path of a test route, which is never antipodal (the tests that want that case ask pathOf). */
export function mustPath(origin: LatLng, destination: LatLng, radiusKm = 1): Path {
  const path = pathOf(origin, destination, radiusKm)
  if (!path) throw new Error('antipodal test route')
  return path
}

/** A deterministic pseudo-random source (mulberry32), so a failing case can be replayed. */
export function seededRandom(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
