import type { StyleSpecification } from 'maplibre-gl'

/** Set at build time to use a tile service; unset, the app uses the offline base map below. */
export const remoteStyleUrl: string | undefined = import.meta.env.VITE_MAP_STYLE_URL || undefined

const palettes = {
  light: { water: '#cfe3ee', land: '#f4f1ea', border: '#9aa5ad' },
  dark: { water: '#0e1a22', land: '#26343d', border: '#5b6b77' },
}

/**
 * The offline base map (DESIGN.md "Map"): a background and country shapes shipped in
 * public/map/, so points can be picked with no network and no tile service. No symbol layers,
 * so no glyphs or sprites are needed either.
 */
export function offlineStyle(dark: boolean): StyleSpecification {
  const colours = dark ? palettes.dark : palettes.light
  // maplibre fetches sources from a worker, which needs an absolute URL.
  const data = new URL(`${import.meta.env.BASE_URL}map/countries.geojson`, window.location.origin)
    .href
  return {
    version: 8,
    sources: { countries: { type: 'geojson', data } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': colours.land } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': colours.border, 'line-width': 0.7 },
      },
    ],
  }
}
