/**
 * The pure geometry of the available-items corridor (docs/decisions/023-corridor-matching.md): the
 * deliverer's path is the great-circle arc origin -> destination on earthdistance's sphere, and an
 * item matches when its pickup and its drop-off each lie within the radius of that arc, pickup
 * first. corridor.ts turns these numbers into SQL bind values; the same rules are written out here
 * in plain JS so unit tests (and the bench's comparison) can check the SQL against them.
 */

/** earthdistance's earth radius (earth(), metres / 1000): distances agree with earth_distance. */
export const EARTH_KM = 6378.168
/** Above this angle origin and destination are (nearly) antipodal: no single great circle. */
const ANTIPODAL_DEG = 179.9
/** Pickup may lie this far after the drop-off along the path: two points at one spot still match. */
export const ORDER_TOLERANCE_KM = 1
/** Each sub-segment of the path gets its own index boxes: one per this many km, at most MAX_SEGMENTS. */
const SEGMENT_KM = 2000
const MAX_SEGMENTS = 4
/** Below this origin and destination are one place: the corridor is the disc around it. */
const SAME_PLACE_KM = 0.001
/** Boxes are widened by this much (6 mm on the unit sphere) so float rounding never drops an edge item. */
const BOX_MARGIN = 1e-9

export const ANTIPODAL_ROUTE =
  'Origin and destination are on opposite sides of the Earth: there is no single route between them'

export type Vec3 = readonly [number, number, number]
export interface LatLng {
  lat: number
  lng: number
}

const RAD = Math.PI / 180

/** A point on the unit sphere, as ll_to_earth / earth() places it (and items_route_gist indexes it). */
export function unitVector(p: LatLng): Vec3 {
  const [φ, λ] = [p.lat * RAD, p.lng * RAD]
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)]
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k]
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
const norm = (a: Vec3) => Math.sqrt(dot(a, a))
const normalize = (a: Vec3): Vec3 => scale(a, 1 / norm(a))
const ZERO: Vec3 = [0, 0, 0]

/** The angle between two unit vectors (atan2 stays accurate near 0 and near π, unlike acos). */
const angle = (a: Vec3, b: Vec3) => Math.atan2(norm(cross(a, b)), dot(a, b))

/** Great-circle km between two places on earthdistance's sphere. */
export const greatCircleKm = (a: LatLng, b: LatLng) =>
  angle(unitVector(a), unitVector(b)) * EARTH_KM

/** Whether origin and destination are too near opposite each other to have one great circle. */
export const isAntipodal = (a: LatLng, b: LatLng) =>
  angle(unitVector(a), unitVector(b)) > ANTIPODAL_DEG * RAD

/**
 * The path and everything the match needs about it, as unit vectors:
 * - a, b: origin and destination; length: the arc's angle (radians).
 * - normal: the unit normal of the path's great circle (a × b); tangentA, tangentB: the forward
 *   direction at a and at b. A point lies beside the arc (between its ends) when p·tangentA >= 0
 *   and p·tangentB <= 0, and within the radius of it there when |p·normal| <= sinRadius.
 * - mid, tangentMid: the arc's midpoint and forward direction there. Along-track positions are
 *   measured from the midpoint, so they never wrap around ±π (the arc is under 180°, the radius at
 *   most 500 km).
 * - cosRadius: p·a >= cosRadius is "within the radius of the origin" (same for b).
 * - disc: origin and destination are one place; then normal and the tangents are zero and
 *   sinRadius is 1 (no point is excluded by its distance to a great circle), only the disc around
 *   the ends counts, and every order is fine.
 */
export interface Path {
  a: Vec3
  b: Vec3
  length: number
  normal: Vec3
  tangentA: Vec3
  tangentB: Vec3
  mid: Vec3
  tangentMid: Vec3
  radius: number
  cosRadius: number
  sinRadius: number
  disc: boolean
}

/** The path origin -> destination with a radius; null when they are antipodal (no single route). */
export function pathOf(origin: LatLng, destination: LatLng, radiusKm: number): Path | null {
  const a = unitVector(origin)
  const b = unitVector(destination)
  const length = angle(a, b)
  if (length > ANTIPODAL_DEG * RAD) return null
  const radius = radiusKm / EARTH_KM
  const common = { a, b, radius, cosRadius: Math.cos(radius) }
  if (length * EARTH_KM < SAME_PLACE_KM)
    return {
      ...common,
      length: 0,
      normal: ZERO,
      tangentA: ZERO,
      tangentB: ZERO,
      mid: a,
      tangentMid: ZERO,
      sinRadius: 1,
      disc: true,
    }
  const normal = normalize(cross(a, b))
  const mid = normalize(add(a, b))
  return {
    ...common,
    length,
    normal,
    tangentA: cross(normal, a),
    tangentB: cross(normal, b),
    mid,
    tangentMid: cross(normal, mid),
    sinRadius: Math.sin(radius),
    disc: false,
  }
}

/** Along-track position (radians from the arc's midpoint, forward positive) of a point's foot. */
const alongFromMid = (path: Path, p: Vec3) => Math.atan2(dot(p, path.tangentMid), dot(p, path.mid))

/** Km from the origin along the path to the point's foot on its great circle (negative: behind). */
export const alongTrackKm = (path: Path, p: LatLng) =>
  (alongFromMid(path, unitVector(p)) + path.length / 2) * EARTH_KM

/** Km from the point to the nearest point of the arc (its ends included). */
export function distanceToPathKm(path: Path, p: LatLng): number {
  const u = unitVector(p)
  const toEnds = Math.min(angle(u, path.a), angle(u, path.b))
  const beside = !path.disc && dot(u, path.tangentA) >= 0 && dot(u, path.tangentB) <= 0
  return (beside ? Math.min(toEnds, Math.abs(Math.asin(dot(u, path.normal)))) : toEnds) * EARTH_KM
}

/**
 * Within the radius of the arc, in the very tests and order the SQL makes (dot products against
 * cosines). First the distance to the path's great circle, which any point within the radius of
 * the arc (or of one of its ends) passes: most index candidates fail it after one dot product.
 * Then beside the arc (between the planes through its ends), or within the radius of either end.
 */
export function nearPath(path: Path, u: Vec3): boolean {
  return (
    Math.abs(dot(u, path.normal)) <= path.sinRadius &&
    ((!path.disc && dot(u, path.tangentA) >= 0 && dot(u, path.tangentB) <= 0) ||
      dot(u, path.a) >= path.cosRadius ||
      dot(u, path.b) >= path.cosRadius)
  )
}

/** The corridor rule: both ends near the path and the pickup not after the drop-off (1 km slack). */
export function matchesCorridor(path: Path, from: LatLng, to: LatLng): boolean {
  const [p, q] = [unitVector(from), unitVector(to)]
  return (
    nearPath(path, p) &&
    nearPath(path, q) &&
    alongFromMid(path, p) <= alongFromMid(path, q) + ORDER_TOLERANCE_KM / EARTH_KM
  )
}

/** The old two-ends rule: from within the radius of the origin and to within it of the destination. */
export function matchesTwoEnds(
  origin: LatLng,
  destination: LatLng,
  radiusKm: number,
  from: LatLng,
  to: LatLng,
) {
  return greatCircleKm(origin, from) <= radiusKm && greatCircleKm(to, destination) <= radiusKm
}

/** Km added by carrying the item: origin -> pickup -> drop-off -> destination less origin -> destination. */
export function detourKm(origin: LatLng, destination: LatLng, from: LatLng, to: LatLng): number {
  const km =
    greatCircleKm(origin, from) +
    greatCircleKm(from, to) +
    greatCircleKm(to, destination) -
    greatCircleKm(origin, destination)
  return Math.max(0, Math.round(km * 10) / 10)
}

/** An axis-aligned box in x, y, z on the unit sphere. */
export interface Box3 {
  min: Vec3
  max: Vec3
}

/**
 * The bounding box of every point within `radius` (radians) of the arc that starts at `start`,
 * heads along the unit tangent `tangent` and is `length` radians long. Per axis e: the arc point
 * nearest e is where (start·e)·cos t + (tangent·e)·sin t peaks on [0, length] (at its crest if
 * that falls inside, else at an end); the band reaches `radius` closer to e than that point.
 */
export function bandBox(start: Vec3, tangent: Vec3, length: number, radius: number): Box3 {
  const reach = (e: Vec3) => {
    const [s, t] = [dot(start, e), dot(tangent, e)]
    let best = Math.max(s, s * Math.cos(length) + t * Math.sin(length))
    const crest = Math.atan2(t, s)
    if (length > 0 && crest >= 0 && crest <= length) best = Math.hypot(s, t)
    const away = Math.acos(Math.min(1, Math.max(-1, best)))
    return away <= radius ? 1 : Math.cos(away - radius)
  }
  const axes: Vec3[] = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ]
  const max = axes.map((e) => Math.min(1, reach(e)) + BOX_MARGIN)
  const min = axes.map((e) => -Math.min(1, reach(scale(e, -1))) - BOX_MARGIN)
  return {
    min: [min[0] ?? -1, min[1] ?? -1, min[2] ?? -1],
    max: [max[0] ?? 1, max[1] ?? 1, max[2] ?? 1],
  }
}

/** How many sub-segments the path is cut into: one per SEGMENT_KM, at least one, at most MAX_SEGMENTS. */
export const segmentCount = (path: Path) =>
  Math.min(MAX_SEGMENTS, Math.max(1, Math.ceil((path.length * EARTH_KM) / SEGMENT_KM)))

/**
 * The band boxes of the path's sub-segments, in order. Each sub-segment reaches ORDER_TOLERANCE_KM
 * into its neighbours, so a pickup just after a drop-off (within the slack) still shares a pair.
 */
export function segmentBoxes(path: Path): Box3[] {
  const k = segmentCount(path)
  const slack = ORDER_TOLERANCE_KM / EARTH_KM
  return Array.from({ length: k }, (_, i) => {
    const t0 = Math.max(0, (path.length * i) / k - slack)
    const t1 = Math.min(path.length, (path.length * (i + 1)) / k + slack)
    const start = add(scale(path.a, Math.cos(t0)), scale(path.tangentA, Math.sin(t0)))
    const tangent = add(scale(path.a, -Math.sin(t0)), scale(path.tangentA, Math.cos(t0)))
    return bandBox(start, tangent, t1 - t0, path.radius)
  })
}

/**
 * The 6-D boxes (pickup box × drop-off box) that items_route_gist is searched with: for
 * sub-segments i <= j, the band box of i for the pickup and that of j for the drop-off (a pickup
 * later on the path than its drop-off cannot match). As cube text: '(x1,…,x6),(y1,…,y6)'.
 */
export function corridorBoxes(path: Path): string[] {
  const boxes = segmentBoxes(path)
  const out: string[] = []
  boxes.forEach((p, i) =>
    boxes.slice(i).forEach((q) => {
      out.push(`(${[...p.min, ...q.min].join(',')}),(${[...p.max, ...q.max].join(',')})`)
    }),
  )
  return out
}

/** Whether a 6-D route point (from, to on the unit sphere) lies in one of the boxes. */
export function inBoxes(path: Path, from: LatLng, to: LatLng): boolean {
  const boxes = segmentBoxes(path)
  const inside = (u: Vec3, b: Box3) =>
    u.every((v, i) => v >= (b.min[i] ?? 1) && v <= (b.max[i] ?? -1))
  const [p, q] = [unitVector(from), unitVector(to)]
  return boxes.some((bp, i) => inside(p, bp) && boxes.slice(i).some((bq) => inside(q, bq)))
}

/** A unit vector as latitude and longitude (degrees). */
const toLatLng = (u: Vec3): LatLng => ({
  lat: Math.asin(Math.max(-1, Math.min(1, u[2]))) / RAD,
  lng: Math.atan2(u[1], u[0]) / RAD,
})

/**
 * The place `alongKm` along the path's great circle from the origin (negative: behind it), then
 * `offKm` straight off it (positive: to the left). Tests and the bench place items with it.
 */
export function pointOnPath(path: Path, alongKm: number, offKm: number): LatLng {
  const [t, δ] = [alongKm / EARTH_KM, offKm / EARTH_KM]
  const onArc = add(scale(path.a, Math.cos(t)), scale(path.tangentA, Math.sin(t)))
  return toLatLng(add(scale(onArc, Math.cos(δ)), scale(path.normal, Math.sin(δ))))
}
