import { describe, expect, it } from 'vitest'
import type { MapStop } from './maplibre-view'
import { clusterStops, worldPixel } from './stop-clusters'

function stop(id: string, kind: MapStop['kind'], lat: number, lng: number, number = 1): MapStop {
  return { id, number, kind, lat, lng, label: `${number}. ${id}: ${kind}` }
}

const chicago = { lat: 41.8781, lng: -87.6298 }
const detroit = { lat: 42.3314, lng: -83.0458 }

describe('clusterStops', () => {
  it('puts two pickups in one city into one marker that counts them, at a country-wide zoom', () => {
    const stops = [
      stop('a', 'pickup', chicago.lat, chicago.lng, 1),
      stop('a', 'dropoff', detroit.lat, detroit.lng, 1),
      stop('b', 'pickup', chicago.lat + 0.01, chicago.lng + 0.01, 2),
      stop('b', 'dropoff', detroit.lat, detroit.lng, 2),
    ]
    const clusters = clusterStops(stops, 6)
    expect(clusters.map((c) => c.stops.map((s) => s.label))).toEqual([
      ['1. a: pickup', '2. b: pickup'],
      ['1. a: dropoff', '2. b: dropoff'],
    ])
    expect(clusters[0]?.lat).toBeCloseTo(chicago.lat + 0.005)
  })

  it('parts the same stops once the map is zoomed in far enough to draw them apart', () => {
    const stops = [
      stop('a', 'pickup', chicago.lat, chicago.lng),
      stop('b', 'pickup', chicago.lat + 0.01, chicago.lng + 0.01, 2),
    ]
    expect(clusterStops(stops, 6)).toHaveLength(1)
    expect(clusterStops(stops, 14)).toHaveLength(2)
  })

  it('keeps stops on the same spot together at any zoom, each once', () => {
    const stops = [
      stop('a', 'pickup', 1, 2),
      stop('b', 'pickup', 1, 2, 2),
      stop('c', 'pickup', 1, 2, 3),
    ]
    const [only, ...rest] = clusterStops(stops, 22)
    expect(rest).toEqual([])
    expect(only?.stops).toHaveLength(3)
    expect(only?.key).toBe('a-pickup+b-pickup+c-pickup')
  })

  it('leaves a lone stop alone', () => {
    expect(clusterStops([stop('a', 'pickup', 1, 2)], 3)).toEqual([
      { key: 'a-pickup', lat: 1, lng: 2, stops: [stop('a', 'pickup', 1, 2)] },
    ])
  })
})

describe('worldPixel', () => {
  it('doubles the distance between two places with each zoom step', () => {
    const [x0] = worldPixel(0, 0, 3)
    const [x1] = worldPixel(0, 10, 3)
    const [y0] = worldPixel(0, 0, 4)
    const [y1] = worldPixel(0, 10, 4)
    expect(y1 - y0).toBeCloseTo(2 * (x1 - x0))
    expect(worldPixel(0, 0, 0)).toEqual([256, 256])
  })
})
