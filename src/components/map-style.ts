import type {
  CircleLayerSpecification,
  LayerSpecification,
  StyleSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl'

/** A free vector style that needs no key (decision 016). Its tiles, glyphs and sprites are all
 * served from this host, which the server's Content-Security-Policy allows. */
export const DEFAULT_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

/** The style the map asks for first: VITE_MAP_STYLE_URL at build time, else the default. */
export const remoteStyleUrl: string = import.meta.env.VITE_MAP_STYLE_URL || DEFAULT_STYLE_URL

/** How long the style may take before the map uses the offline base map instead: a picker that
 * stays blank while a phone waits on a dead network is worse than a plainer map at once. */
const STYLE_TIMEOUT_MS = 3000

function isStyle(value: unknown): value is StyleSpecification {
  const style = value as Partial<StyleSpecification> | null
  return (
    typeof style === 'object' &&
    style !== null &&
    style.version === 8 &&
    typeof style.sources === 'object' &&
    Array.isArray(style.layers)
  )
}

/** The remote style, or undefined when it cannot be had in time (offline, blocked, not a style). */
export async function fetchRemoteStyle(
  url: string,
  timeoutMs = STYLE_TIMEOUT_MS,
): Promise<StyleSpecification | undefined> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return undefined
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: 'omit' })
    if (!response.ok) return undefined
    const style: unknown = await response.json()
    return isStyle(style) ? style : undefined
  } catch {
    return undefined
  } finally {
    clearTimeout(timer)
  }
}

// One answer per page load: every map after the first opens at once, and a style that failed is
// not waited for again on each map.
let remoteChoice: Promise<StyleSpecification | undefined> | undefined

/** The remote style when it can be reached, else undefined (then use offlineStyle). */
export function chooseRemoteStyle(
  url = remoteStyleUrl,
  timeoutMs = STYLE_TIMEOUT_MS,
): Promise<StyleSpecification | undefined> {
  remoteChoice ??= fetchRemoteStyle(url, timeoutMs)
  return remoteChoice
}

/** The style loaded but its tiles did not: the rest of this page load uses the offline map. */
export function markRemoteFailed(): void {
  remoteChoice = Promise.resolve(undefined)
}

/** For tests: forget the answer so the next map asks again. */
export function resetRemoteChoice(): void {
  remoteChoice = undefined
}

const palettes = {
  light: {
    water: '#aad3df',
    land: '#f2efe9',
    border: '#8a7f96',
    region: '#968aa3',
    road: '#d49a4a',
    city: '#5b5b5b',
    text: '#1f2933',
    halo: '#ffffff',
  },
  dark: {
    water: '#0e1a22',
    land: '#26343d',
    border: '#8795a1',
    region: '#5f707a',
    road: '#8a6d45',
    city: '#c7d0d8',
    text: '#e6edf3',
    halo: '#0e1a22',
  },
}

/** Which city names show from which zoom: population in thousands, biggest first. */
const CITY_TIERS = [
  { id: 'major', min: 1000, minzoom: 2, size: [2, 11, 10, 16] },
  { id: 'large', min: 300, minzoom: 4, size: [4, 10, 10, 15] },
  { id: 'medium', min: 100, minzoom: 5, size: [5, 10, 12, 14] },
  { id: 'small', min: 50, minzoom: 6.5, size: [6.5, 10, 12, 13] },
  { id: 'town', min: 30, minzoom: 8, size: [8, 10, 12, 13] },
] as const

function cityLayers(colours: (typeof palettes)['light']): LayerSpecification[] {
  const layers = CITY_TIERS.map((tier, index) => {
    const max = index === 0 ? undefined : CITY_TIERS[index - 1]?.min
    const filter: SymbolLayerSpecification['filter'] =
      max === undefined
        ? ['>=', ['get', 'k'], tier.min]
        : ['all', ['>=', ['get', 'k'], tier.min], ['<', ['get', 'k'], max]]
    const [z0, s0, z1, s1] = tier.size
    const dot: CircleLayerSpecification = {
      id: `city-dot-${tier.id}`,
      type: 'circle',
      source: 'cities',
      minzoom: tier.minzoom,
      filter,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], z0, 2, z1, 3.5],
        'circle-color': colours.city,
        'circle-stroke-color': colours.halo,
        'circle-stroke-width': 1,
      },
    }
    const label: SymbolLayerSpecification = {
      id: `city-label-${tier.id}`,
      type: 'symbol',
      source: 'cities',
      minzoom: tier.minzoom,
      filter,
      layout: {
        'text-field': ['get', 'name'],
        // No glyphs URL: MapLibre draws the letters with the browser's own sans-serif font, so
        // labels work offline with no font files shipped (decision 016).
        'text-font': ['sans-serif'],
        'text-size': ['interpolate', ['linear'], ['zoom'], z0, s0, z1, s1],
        'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
        'text-radial-offset': 0.6,
        'text-max-width': 8,
        'symbol-sort-key': ['-', ['get', 'k']],
      },
      paint: {
        'text-color': colours.text,
        'text-halo-color': colours.halo,
        'text-halo-width': 1.5,
      },
    }
    return { dot, label }
  })
  // MapLibre places the labels of higher layers first: the biggest cities go on top, so a suburb
  // never hides the name of the city it belongs to.
  return [...layers.map((l) => l.dot), ...layers.map((l) => l.label).reverse()]
}

const NATURAL_EARTH = 'Natural Earth'
const ROADS = 'Natural Earth Vector Tiles by Lukas Martinelli (ODbL)'
const GEONAMES = 'GeoNames (CC BY 4.0)'

/**
 * The offline base map (docs/design.md "Map", decision 016): water (seas and lakes), land, country and
 * region borders,
 * major roads and city names, all shipped in public/map/ (scripts/build-base-map.mjs), so points can be picked
 * with no network and no tile service. Used when the remote style cannot be reached.
 */
export function offlineStyle(dark: boolean): StyleSpecification {
  const colours = dark ? palettes.dark : palettes.light
  // maplibre fetches sources from a worker, which needs absolute URLs.
  const url = (file: string) =>
    new URL(`${import.meta.env.BASE_URL}map/${file}`, window.location.origin).href
  return {
    version: 8,
    // The map's attribution control shows these (each once): the roads come from an ODbL
    // database and the names from CC-BY GeoNames, both of which ask to be credited.
    sources: {
      land: { type: 'geojson', data: url('land.geojson'), attribution: NATURAL_EARTH },
      lakes: { type: 'geojson', data: url('lakes.geojson'), attribution: NATURAL_EARTH },
      borders: { type: 'geojson', data: url('borders.geojson'), attribution: NATURAL_EARTH },
      regions: { type: 'geojson', data: url('regions.geojson'), attribution: NATURAL_EARTH },
      roads: { type: 'geojson', data: url('roads.geojson'), attribution: ROADS },
      cities: { type: 'geojson', data: url('cities.geojson'), attribution: GEONAMES },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      { id: 'lakes', type: 'fill', source: 'lakes', paint: { 'fill-color': colours.water } },
      {
        id: 'roads',
        type: 'line',
        source: 'roads',
        minzoom: 4,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': colours.road,
          'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.4, 8, 1.2, 12, 2.5],
          // Faint while a whole region is in view, where the network is dense and names matter more.
          'line-opacity': ['interpolate', ['linear'], ['zoom'], 4, 0.35, 7, 0.85],
        },
      },
      {
        id: 'regions',
        type: 'line',
        source: 'regions',
        minzoom: 3,
        paint: {
          'line-color': colours.region,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 10, 1.2],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': colours.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.8, 10, 2],
        },
      },
      ...cityLayers(colours),
    ],
  }
}

/** The route's two ends, on the map's markers and in its legend. White text on either is AA. */
export const ROUTE_COLOURS = { from: '#0f766e', to: '#b45309' } as const
