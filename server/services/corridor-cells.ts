/**
 * Route cells (docs/decisions/025-route-cells.md): each item's pickup and drop-off fall in a cell of
 * a fixed latitude/longitude grid, and the pair of cells is one integer, `items.route_cell`, under a
 * B-tree. A corridor is then the list of cell pairs its band can hold, pickup cell not after the
 * drop-off cell along the path: one B-tree probe per pair instead of a 6-D GiST search whose
 * internal boxes overlap across whole regions. Long, wide corridors have too many pairs and keep
 * the 6-D boxes (corridor-geometry.ts corridorBoxes).
 */
import { EARTH_KM, type LatLng, type Path, type Vec3 } from './corridor-geometry'

/**
 * A latitude/longitude grid of `deg`-degree cells (`deg` divides 180): rows from latitude -90 up to
 * 90 (90 itself is the last row), columns from longitude -180 up to 180 (180 itself is the last
 * column, the same meridian as -180); a route cell is pickup cell × cells + drop-off cell.
 */
interface Grid {
  deg: number
  rows: number
  cols: number
  cells: number
}
const gridOf = (deg: number): Grid => {
  const [rows, cols] = [180 / deg + 1, 360 / deg + 1]
  return { deg, rows, cols, cells: rows * cols }
}
/** The route cells' grid: 1°. schema.ts builds the column from the same numbers (routeCellSql). */
const FINE = gridOf(1)
/** Cells in the grid: a route cell is pickup cell × CELLS + drop-off cell. */
export const CELLS = FINE.cells
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

/**
 * The cells a disc of angular `radius` around the unit vector `c` touches: the disc's latitude
 * range, and its longitude range (all of them when it holds a pole), wrapped across the
 * antimeridian. Cells on the last row and column (latitude 90, longitude 180 exactly) come with
 * their neighbours, as floor() puts such points there.
 */
function discCells(grid: Grid, c: Vec3, radius: number, into: (cell: number) => void) {
  const { deg, cols: width } = grid
  const [lastRowOfGrid, lastCol] = [grid.rows - 1, width - 1]
  const rowOf = (latDeg: number) => clamp(Math.floor((latDeg + 90) / deg), 0, lastRowOfGrid)
  const colOf = (lngDeg: number) => Math.floor((lngDeg + 180) / deg)
  const lat = Math.asin(clamp(c[2], -1, 1))
  const lng = Math.atan2(c[1], c[0])
  const r = radius + MARGIN
  const latMin = (lat - r) / RAD
  const latMax = (lat + r) / RAD
  const rows = [rowOf(latMin), rowOf(latMax)] as const
  const lastRow = rows[1] >= lastRowOfGrid - 1 ? lastRowOfGrid : rows[1]
  const cols: number[] = []
  if (latMax >= 90 || latMin <= -90 || Math.sin(r) >= Math.cos(lat)) {
    for (let col = 0; col < width; col++) cols.push(col)
  } else {
    const half = Math.asin(Math.sin(r) / Math.cos(lat)) / RAD
    const from = colOf(lng / RAD - half)
    const to = colOf(lng / RAD + half)
    for (let col = from; col <= to; col++) {
      const wrapped = ((col % lastCol) + lastCol) % lastCol
      cols.push(wrapped)
      if (wrapped === 0 || wrapped === lastCol - 1) cols.push(lastCol)
    }
  }
  for (let row = rows[0]; row <= lastRow; row++) for (const col of cols) into(row * width + col)
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
export const corridorCells = (path: Path): number[] | null => gridPairs(FINE, path)

function gridPairs(grid: Grid, path: Path): number[] | null {
  const radiusKm = path.radius * EARTH_KM
  const stepKm = clamp(radiusKm, MIN_STEP_KM, MAX_STEP_KM)
  const steps = path.disc ? 0 : Math.ceil((path.length * EARTH_KM) / stepKm)
  const reach = path.radius + stepKm / EARTH_KM / 2
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  for (let i = 0; i <= steps; i++) {
    const centre = steps === 0 ? path.a : along(path, (path.length * i) / steps)
    discCells(grid, centre, reach, (cell) => {
      if (!first.has(cell)) first.set(cell, i)
      last.set(cell, i)
    })
    if (first.size * first.size > 2 * MAX_PAIRS) return null
  }
  const pairs: number[] = []
  for (const [pickup, firstAt] of first)
    for (const [dropOff, lastAt] of last)
      if (path.disc || firstAt <= lastAt + 1) {
        pairs.push(pickup * grid.cells + dropOff)
        if (pairs.length > MAX_PAIRS) return null
      }
  return pairs.sort((x, y) => x - y)
}

/** The cell of a place on a grid (the 1° one: as the SQL column computes it, tests check the two agree). */
export const cellOf = (lat: number, lng: number, grid = FINE) =>
  Math.floor((lat + 90) / grid.deg) * grid.cols + Math.floor((lng + 180) / grid.deg)

/**
 * Saved trips' grids, finest first (each step 2–3 times coarser, each a divisor of 180): a trip
 * keeps the pairs of the finest grid that gives at most MAX_PAIRS (90° cells give at most 225, so
 * every route with a path has some). Only matching an approved item reads them (a GIN search, not
 * B-tree probes), so a coarse grid only makes more trips candidates, never fewer.
 */
const TRIP_GRIDS = [1, 2, 5, 10, 30, 90].map(gridOf)
/**
 * A trip's pairs on grid i are tagged i × LEVEL: the grids' numbers never meet (LEVEL is above the
 * 1° grid's 65 341² pairs; 6 × 2⁴⁰ stays an exact double and a bigint).
 */
const LEVEL = 2 ** 40

/**
 * A saved trip's route cells: the 1° pairs of corridorCells when there are at most MAX_PAIRS, else
 * the tagged pairs of the first coarser grid with at most MAX_PAIRS (long or wide corridors).
 */
export function tripCells(path: Path): number[] {
  for (const [i, grid] of TRIP_GRIDS.entries()) {
    const pairs = gridPairs(grid, path)
    if (pairs) return pairs.map((pair) => i * LEVEL + pair)
  }
  throw new Error('no grid holds the corridor') // 90° cells always do (at most 15 cells)
}

/** An item's route cell on every trip grid, tagged as tripCells tags them: a trip holds one of them if it can hold the item. */
export const tripCellKeys = (from: LatLng, to: LatLng): number[] =>
  TRIP_GRIDS.map(
    (grid, i) =>
      i * LEVEL + cellOf(from.lat, from.lng, grid) * grid.cells + cellOf(to.lat, to.lng, grid),
  )
