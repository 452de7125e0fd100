import { describe, expect, it } from 'vitest'
import { mustPath, seededRandom } from '../testing/corridor'
import { CELLS, cellOf, corridorCells, MAX_PAIRS, tripCellKeys, tripCells } from './corridor-cells'
import {
  greatCircleKm,
  matchesCorridor,
  pointOnPath,
  type LatLng,
  type Path,
} from './corridor-geometry'

const routeCell = (from: LatLng, to: LatLng) =>
  cellOf(from.lat, from.lng) * CELLS + cellOf(to.lat, to.lng)

const chicago = { lat: 41.8781, lng: -87.6298 }
const indianapolis = { lat: 39.7684, lng: -86.1581 }
const fiji = { lat: -17.7134, lng: 178.065 }
const samoa = { lat: -13.8333, lng: -171.7667 }
const tromso = { lat: 69.6492, lng: 18.9553 }
const hammerfest = { lat: 70.6634, lng: 23.6821 }
const northPole = { lat: 89.9, lng: 0 }
const capeTown = { lat: -33.9249, lng: 18.4241 }
const cairo = { lat: 30.0444, lng: 31.2357 }

/**
 * Every item the corridor rule matches must lie in one of the corridor's cell pairs: a missing
 * pair would hide it from the deliverer. Items are drawn all around the band (its edges, beyond the
 * ends, backwards) and only those the rule matches are checked.
 */
function expectCovers(
  path: Path,
  o: LatLng,
  d: LatLng,
  r: number,
  seed: number,
  holds = (from: LatLng, to: LatLng) => {
    const cells = corridorCells(path)
    if (!cells) throw new Error('expected route cells')
    return new Set(cells).has(routeCell(from, to))
  },
) {
  const next = seededRandom(seed)
  const length = greatCircleKm(o, d)
  const near = () => pointOnPath(path, -r + next() * (length + 2 * r), (next() * 2 - 1) * r)
  let matched = 0
  for (let i = 0; i < 4000; i++) {
    const [from, to] = [near(), near()]
    if (!matchesCorridor(path, from, to)) continue
    matched++
    if (!holds(from, to)) throw new Error(`missed ${JSON.stringify([from, to])}`)
  }
  expect(matched).toBeGreaterThan(500)
}

describe('route cells (decision 025)', () => {
  it('cover every item the corridor matches, on ordinary and awkward routes', () => {
    const routes: [LatLng, LatLng, number][] = [
      [chicago, indianapolis, 10],
      [chicago, indianapolis, 0.5],
      [fiji, samoa, 30], // across the antimeridian
      [tromso, hammerfest, 20], // far north, where a degree of longitude is 37 km
      [{ lat: 0.5, lng: -179.5 }, { lat: -0.5, lng: 179.5 }, 5], // both seams at once
    ]
    routes.forEach(([o, d, r], i) => expectCovers(mustPath(o, d, r), o, d, r, i + 1))
  })

  it('cover the disc when origin and destination are one place, in any order', () => {
    const path = mustPath(chicago, chicago, 25)
    const pairs = new Set(corridorCells(path))
    const next = seededRandom(9)
    for (let i = 0; i < 500; i++) {
      const from = pointOnPath(mustPath(chicago, indianapolis, 1), 0, (next() * 2 - 1) * 24.9)
      const to = { lat: chicago.lat + (next() * 2 - 1) * 0.2, lng: chicago.lng }
      if (matchesCorridor(path, from, to)) expect(pairs.has(routeCell(from, to))).toBe(true)
      if (matchesCorridor(path, to, from)) expect(pairs.has(routeCell(to, from))).toBe(true)
    }
  })

  it('include the last column, where longitude 180 falls', () => {
    const seam = new Set(
      corridorCells(mustPath({ lat: 10, lng: 179.9 }, { lat: 10.5, lng: 179.95 }, 20)),
    )
    expect(seam.has(routeCell({ lat: 10.2, lng: 180 }, { lat: 10.4, lng: -180 }))).toBe(true)
    expect(seam.has(routeCell({ lat: 10.2, lng: -180 }, { lat: 10.4, lng: 180 }))).toBe(true)
  })

  it('leave out pairs whose pickup cell lies wholly after the drop-off cell', () => {
    const path = mustPath(chicago, indianapolis, 10)
    const pairs = new Set(corridorCells(path))
    expect(pairs.has(routeCell(chicago, indianapolis))).toBe(true)
    expect(pairs.has(routeCell(indianapolis, chicago))).toBe(false)
  })

  it('give way to the 6-D boxes when a corridor would need too many pairs', () => {
    expect(corridorCells(mustPath(capeTown, cairo, 200))).toBeNull()
    // Near a pole a disc spans every longitude: hundreds of cells.
    expect(corridorCells(mustPath(northPole, { lat: 87, lng: 170 }, 20))).toBeNull()
    const cells = corridorCells(mustPath(chicago, indianapolis, 50))
    expect(cells?.length).toBeLessThanOrEqual(MAX_PAIRS)
    expect(cells).toEqual([...(cells ?? [])].sort((x, y) => x - y))
  })

  it('give a saved trip coarser cells when 1° would need too many pairs, still holding every item', () => {
    const routes: [LatLng, LatLng, number][] = [
      [capeTown, cairo, 200],
      [northPole, { lat: 87, lng: 170 }, 20],
      [chicago, chicago, 500], // a disc of the widest radius
      [fiji, samoa, 300], // across the antimeridian
      [{ lat: 0.5, lng: -179.5 }, { lat: -0.5, lng: 179.5 }, 400], // both seams at once
    ]
    routes.forEach(([o, d, r], i) => {
      const path = mustPath(o, d, r)
      const cells = tripCells(path)
      expect(cells.length).toBeLessThanOrEqual(MAX_PAIRS)
      const held = new Set(cells)
      expectCovers(path, o, d, r, i + 11, (from, to) =>
        tripCellKeys(from, to).some((key) => held.has(key)),
      )
    })
  })

  it("keep a trip's 1° pairs, the items' route_cell, when there are few enough", () => {
    const path = mustPath(chicago, indianapolis, 50)
    expect(tripCells(path)).toEqual(corridorCells(path))
    expect(tripCellKeys(chicago, indianapolis)[0]).toBe(routeCell(chicago, indianapolis))
  })
})
