import { describe, expect, it } from 'vitest'
import { itemOnTrip } from './trip-match'

// Chicago -> Indianapolis, 25 km either side (the example of decision 023).
const trip = {
  originLat: 41.8781,
  originLng: -87.6298,
  destinationLat: 39.7684,
  destinationLng: -86.1581,
  radiusKm: 25,
}
const place = {
  chicago: [41.8781, -87.6298],
  indianapolis: [39.7684, -86.1581],
  gary: [41.5934, -87.3464],
  lafayette: [40.4167, -86.8753],
  springfield: [39.7817, -89.6501],
} as const
const item = (from: keyof typeof place, to: keyof typeof place) => ({
  fromLat: place[from][0],
  fromLng: place[from][1],
  toLat: place[to][0],
  toLng: place[to][1],
})

describe('itemOnTrip: the corridor rule of /available-items', () => {
  it('takes an item picked up and dropped off along the way, ends included', () => {
    expect(itemOnTrip(item('chicago', 'indianapolis'), trip)).toBe(true)
    expect(itemOnTrip(item('gary', 'lafayette'), trip)).toBe(true)
  })

  it('refuses one going backwards along the route', () => {
    expect(itemOnTrip(item('lafayette', 'gary'), trip)).toBe(false)
    expect(itemOnTrip(item('indianapolis', 'chicago'), trip)).toBe(false)
  })

  it('refuses one whose end lies beside the corridor', () => {
    expect(itemOnTrip(item('gary', 'springfield'), trip)).toBe(false)
    // Lafayette lies about 21 km off the great circle Chicago-Indianapolis: outside at 20 km.
    expect(itemOnTrip(item('gary', 'lafayette'), { ...trip, radiusKm: 20 })).toBe(false)
  })

  it('has no route for antipodal ends', () => {
    const antipodal = { ...trip, destinationLat: -41.8781, destinationLng: 92.3702 }
    expect(itemOnTrip(item('chicago', 'chicago'), antipodal)).toBe(false)
  })
})
