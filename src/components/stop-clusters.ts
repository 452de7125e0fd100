import type { MapStop } from './maplibre-view'

/** Stops whose markers would overlap at the map's zoom, drawn as one marker with their count. */
export interface StopCluster {
  /** Stable while the same stops stay together. */
  key: string
  lat: number
  lng: number
  stops: MapStop[]
}

/** MapLibre's tiles are 512 px: the world is 512 * 2^zoom px wide. */
const TILE = 512

/** Where a place lands, in px of the whole world at `zoom` (Web Mercator, as the map draws it). */
export function worldPixel(lat: number, lng: number, zoom: number): [number, number] {
  const size = TILE * 2 ** zoom
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat))
  const sin = Math.sin((clamped * Math.PI) / 180)
  const x = ((lng + 180) / 360) * size
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size
  return [x, y]
}

/**
 * Groups the stops whose markers would sit less than `radiusPx` apart at `zoom` (a marker is a
 * 44 px target: two closer than that cover each other, and one of them could not be tapped).
 * Each stop joins the first group whose first stop is near enough, in the order given, so the
 * list's order decides; a group sits at its stops' mean position.
 */
export function clusterStops(stops: MapStop[], zoom: number, radiusPx = 44): StopCluster[] {
  const groups: { at: [number, number]; stops: MapStop[] }[] = []
  for (const stop of stops) {
    const at = worldPixel(stop.lat, stop.lng, zoom)
    const near = groups.find((g) => Math.hypot(g.at[0] - at[0], g.at[1] - at[1]) < radiusPx)
    if (near) near.stops.push(stop)
    else groups.push({ at, stops: [stop] })
  }
  return groups.map(({ stops: members }) => ({
    key: members.map((s) => `${s.id}-${s.kind}`).join('+'),
    lat: members.reduce((sum, s) => sum + s.lat, 0) / members.length,
    lng: members.reduce((sum, s) => sum + s.lng, 0) / members.length,
    stops: members,
  }))
}
