import { describe, expect, it } from 'vitest'
import { isMapAsset } from './map-warmup'

describe('isMapAsset', () => {
  it("counts MapLibre's code, its worker file and the offline base map as map assets", () => {
    expect(isMapAsset('assets/maplibre-gl-BCW-bSoo.js')).toBe(true)
    expect(isMapAsset('assets/maplibre-gl-worker-CZtFQQIV.mjs')).toBe(true)
    expect(isMapAsset('assets/maplibre-view-qvkd0SPb.css')).toBe(true)
    expect(isMapAsset('map/land.geojson')).toBe(true)
  })

  it('leaves the rest of the app to the install', () => {
    expect(isMapAsset('assets/index-abc.js')).toBe(false)
    expect(isMapAsset('assets/map-location-picker-BuKy8gjH.js')).toBe(false)
    expect(isMapAsset('index.html')).toBe(false)
  })
})
