// The route and its corridor drawn on /available-items (decision 023): the great-circle path the
// server matches along, and the band of radius_km around it (docs/decisions/023).
// Spherical trigonometry on a sphere of the mean Earth radius: a drawing, not a measurement.

const EARTH_KM = 6371
const RAD = Math.PI / 180
type LngLat = [number, number]
interface Point {
  lat: number
  lng: number
}

const toVector = ({ lat, lng }: Point) => [
  Math.cos(lat * RAD) * Math.cos(lng * RAD),
  Math.cos(lat * RAD) * Math.sin(lng * RAD),
  Math.sin(lat * RAD),
]
const toPoint = ([x = 0, y = 0, z = 0]: number[]): Point => ({
  lat: Math.atan2(z, Math.hypot(x, y)) / RAD,
  lng: Math.atan2(y, x) / RAD,
})

/** Angle between two points, radians. */
function angle(a: Point, b: Point): number {
  const [ax = 0, ay = 0, az = 0] = toVector(a)
  const [bx = 0, by = 0, bz = 0] = toVector(b)
  const dot = Math.min(1, Math.max(-1, ax * bx + ay * by + az * bz))
  return Math.acos(dot)
}

/** The point a fraction f of the way from a to b along the great circle. */
function along(a: Point, b: Point, f: number): Point {
  const d = angle(a, b)
  if (d < 1e-12) return a
  const s = Math.sin(d)
  const wa = Math.sin((1 - f) * d) / s
  const wb = Math.sin(f * d) / s
  const va = toVector(a)
  const vb = toVector(b)
  return toPoint(va.map((v, i) => wa * v + wb * (vb[i] ?? 0)))
}

/** Initial bearing from a towards b, radians clockwise from north. */
function bearing(a: Point, b: Point): number {
  const φ1 = a.lat * RAD
  const φ2 = b.lat * RAD
  const Δλ = (b.lng - a.lng) * RAD
  return Math.atan2(
    Math.sin(Δλ) * Math.cos(φ2),
    Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ),
  )
}

/** The point `km` away from p on bearing θ. */
function offset(p: Point, θ: number, km: number): Point {
  const δ = km / EARTH_KM
  const φ1 = p.lat * RAD
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ))
  const λ2 =
    p.lng * RAD +
    Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2))
  return { lat: φ2 / RAD, lng: λ2 / RAD }
}

/**
 * Longitudes made continuous along a line (179 then -179 becomes 179 then 181), so a route across
 * the antimeridian is drawn across it and not the long way round the world.
 */
function unwrap(points: Point[]): LngLat[] {
  const out: LngLat[] = []
  let previous: number | undefined
  for (const { lat, lng } of points) {
    let x = lng
    if (previous !== undefined) {
      while (x - previous > 180) x -= 360
      while (x - previous < -180) x += 360
    }
    out.push([x, lat])
    previous = x
  }
  return out
}

/** The path from a to b as a line of `steps` + 1 points along the great circle. */
export function greatCircleLine(a: Point, b: Point, steps = 64): LngLat[] {
  const points: Point[] = []
  for (let i = 0; i <= steps; i++) points.push(along(a, b, i / steps))
  return unwrap(points)
}

/**
 * The corridor's outline: everything within radiusKm of the path, as a closed ring (left side
 * going out, a half circle round the destination, right side coming back, a half circle round
 * the origin). From == to gives the circle round it.
 */
export function corridorRing(a: Point, b: Point, radiusKm: number, steps = 48): LngLat[] {
  const ring: Point[] = []
  const cap = 16
  if (angle(a, b) < 1e-9) {
    for (let i = 0; i <= 64; i++) ring.push(offset(a, (i / 64) * 2 * Math.PI, radiusKm))
    return unwrap(ring)
  }
  const path: Point[] = []
  for (let i = 0; i <= steps; i++) path.push(along(a, b, i / steps))
  // The direction of travel at each sample: towards the next sample (the last looks back).
  const heading = path.map((p, i) =>
    i < path.length - 1 ? bearing(p, path[i + 1] ?? b) : bearing(path[i - 1] ?? a, p),
  )
  path.forEach((p, i) => ring.push(offset(p, (heading[i] ?? 0) - Math.PI / 2, radiusKm)))
  const end = heading[heading.length - 1] ?? 0
  for (let i = 1; i < cap; i++)
    ring.push(offset(b, end - Math.PI / 2 + (i / cap) * Math.PI, radiusKm))
  for (let i = path.length - 1; i >= 0; i--) {
    ring.push(offset(path[i] ?? a, (heading[i] ?? 0) + Math.PI / 2, radiusKm))
  }
  const start = heading[0] ?? 0
  for (let i = 1; i < cap; i++) {
    ring.push(offset(a, start + Math.PI / 2 + (i / cap) * Math.PI, radiusKm))
  }
  ring.push(ring[0] ?? a)
  return unwrap(ring)
}
