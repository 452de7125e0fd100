import { describe, expect, it } from 'vitest'
import { distanceKm, itemOnTrip } from './trip-match'

const trip = {
  originLat: 52.52,
  originLng: 13.405,
  destinationLat: 48.1372,
  destinationLng: 11.5756,
  radiusKm: 10,
}
const item = { fromLat: 52.52, fromLng: 13.405, toLat: 48.1372, toLng: 11.5756 }

describe('itemOnTrip (until the corridor rule lands)', () => {
  it('measures great-circle distances', () => {
    // Berlin to Munich is about 504 km.
    expect(distanceKm(52.52, 13.405, 48.1372, 11.5756)).toBeCloseTo(504.4, 0)
    expect(distanceKm(0, 0, 0, 0)).toBe(0)
  })

  it('needs the pickup near the origin and the drop-off near the destination', () => {
    expect(itemOnTrip(item, trip)).toBe(true)
    // 0.08° of latitude is about 8.9 km: inside; 0.1° (11.1 km) is outside.
    expect(itemOnTrip({ ...item, fromLat: 52.6 }, trip)).toBe(true)
    expect(itemOnTrip({ ...item, fromLat: 52.62 }, trip)).toBe(false)
    expect(itemOnTrip({ ...item, toLat: 48.2372 }, trip)).toBe(false)
    // The other way round is another trip.
    expect(
      itemOnTrip({ fromLat: 48.1372, fromLng: 11.5756, toLat: 52.52, toLng: 13.405 }, trip),
    ).toBe(false)
    expect(itemOnTrip({ ...item, fromLat: 52.62 }, { ...trip, radiusKm: 12 })).toBe(true)
  })
})
