/**
 * Route cells (docs/decisions/025-route-cells.md): each item's pickup and drop-off fall in a cell of
 * a fixed latitude/longitude grid, and the pair of cells is one integer, `items.route_cell`, under a
 * B-tree. A corridor is then the list of cell pairs its band can hold, pickup cell not after the
 * drop-off cell along the path: one B-tree probe per pair instead of a 6-D GiST search whose
 * internal boxes overlap across whole regions. Long, wide corridors have too many pairs and keep
 * the 6-D boxes (corridor-geometry.ts corridorBoxes).
 */
import { EARTH_KM, type Path, type Vec3 } from './corridor-geometry'

/** Grid step in degrees. schema.ts builds the column from the same numbers (routeCellSql). */
const CELL_DEG = 1
/** Rows of cells: latitude -90 up to 90 (90 itself is the last row). */
const ROWS = 180 / CELL_DEG + 1
/** Columns: longitude -180 up to 180 (180 itself is the last column, the same meridian as -180). */
const COLS = 360 / CELL_DEG + 1
/** Cells in the grid: a route cell is pickup cell × CELLS + drop-off cell. */
export const CELLS = ROWS * COLS
/**
 * Above this many pairs the B-tree probes cost more than the 6-D GiST search (measured on the
 * bench's million items): the corridor keeps its boxes.
 */
export const MAX_PAIRS = 1500
/** Samples along the path at most this far apart; closer for narrow corridors. */
const MAX_STEP_KM = 20
const MIN_STEP_KM = 1
/** Angles are widened by this much (6 mm) so float rounding never drops a cell at an edge. */
const MARGIN = 1e-9

const RAD = Math.PI / 180
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
const rowOf = (latDeg: number) => clamp(Math.floor((latDeg + 90) / CELL_DEG), 0, ROWS - 1)
const colOf = (lngDeg: number) => Math.floor((lngDeg + 180) / CELL_DEG)
const LAST_COL = 360 / CELL_DEG

/**
 * The cells a disc of angular `radius` around the unit vector `c` touches: the disc's latitude
 * range, and its longitude range (all of them when it holds a pole), wrapped across the
 * antimeridian. Cells on the last row and column (latitude 90, longitude 180 exactly) come with
 * their neighbours, as floor() puts such points there.
 */
function discCells(c: Vec3, radius: number, into: (cell: number) => void) {
  const lat = Math.asin(clamp(c[2], -1, 1))
  const lng = Math.atan2(c[1], c[0])
  const r = radius + MARGIN
  const latMin = (lat - r) / RAD
  const latMax = (lat + r) / RAD
  const rows = [rowOf(latMin), rowOf(latMax)] as const
  const lastRow = rows[1] >= ROWS - 2 ? ROWS - 1 : rows[1]
  const cols: number[] = []
  if (latMax >= 90 || latMin <= -90 || Math.sin(r) >= Math.cos(lat)) {
    for (let col = 0; col < COLS; col++) cols.push(col)
  } else {
    const half = Math.asin(Math.sin(r) / Math.cos(lat)) / RAD
    const from = colOf(lng / RAD - half)
    const to = colOf(lng / RAD + half)
    for (let col = from; col <= to; col++) {
      const wrapped = ((col % LAST_COL) + LAST_COL) % LAST_COL
      cols.push(wrapped)
      if (wrapped === 0 || wrapped === LAST_COL - 1) cols.push(LAST_COL)
    }
  }
  for (let row = rows[0]; row <= lastRow; row++) for (const col of cols) into(row * COLS + col)
}

/** The unit vector `t` radians along the path from its origin. */
const along = (path: Path, t: number): Vec3 => {
  const [c, s] = [Math.cos(t), Math.sin(t)]
  return [
    path.a[0] * c + path.tangentA[0] * s,
    path.a[1] * c + path.tangentA[1] * s,
    path.a[2] * c + path.tangentA[2] * s,
  ]
}

/**
 * The route cells (pickup cell × CELLS + drop-off cell, ascending) that can hold an item of the
 * corridor, or null when there would be more than MAX_PAIRS. Samples every `step` along the path:
 * a point within the radius of the path is within radius + step/2 of a sample, so the discs of
 * that size around the samples cover the band. A cell's pickups are no earlier than the first
 * sample that touches it and its drop-offs no later than the last; a pair is kept when the first
 * is at most one step after the last (the order test's 1 km slack is under a step).
 */
export function corridorCells(path: Path): number[] | null {
  const radiusKm = path.radius * EARTH_KM
  const stepKm = clamp(radiusKm, MIN_STEP_KM, MAX_STEP_KM)
  const steps = path.disc ? 0 : Math.ceil((path.length * EARTH_KM) / stepKm)
  const reach = path.radius + stepKm / EARTH_KM / 2
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  for (let i = 0; i <= steps; i++) {
    const centre = steps === 0 ? path.a : along(path, (path.length * i) / steps)
    discCells(centre, reach, (cell) => {
      if (!first.has(cell)) first.set(cell, i)
      last.set(cell, i)
    })
    if (first.size * first.size > 2 * MAX_PAIRS) return null
  }
  const pairs: number[] = []
  for (const [pickup, firstAt] of first)
    for (const [dropOff, lastAt] of last)
      if (path.disc || firstAt <= lastAt + 1) {
        pairs.push(pickup * CELLS + dropOff)
        if (pairs.length > MAX_PAIRS) return null
      }
  return pairs.sort((x, y) => x - y)
}

/** The cell of a place, as the SQL column computes it (tests check the two agree). */
export const cellOf = (lat: number, lng: number) =>
  Math.floor((lat + 90) / CELL_DEG) * COLS + Math.floor((lng + 180) / CELL_DEG)
