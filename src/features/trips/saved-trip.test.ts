import { describe, expect, it } from 'vitest'
import type { Trip } from '@contract/trips'
import { nextTrip, savedTripOn } from './saved-trip'

const trip: Trip = {
  id: 't1',
  name: 'Work trip',
  origin: { lat: 52.52, lng: 13.405, address: 'Berlin' },
  destination: { lat: 48.1372, lng: 11.5756, address: 'Munich' },
  radius_km: 10,
  travel_date: '2026-12-01',
  created_at: '2026-11-26T08:00:00Z',
}

describe('savedTripOn', () => {
  it('finds the saved trip of the route, whatever the radius or the address text', () => {
    expect(
      savedTripOn([trip], { lat: 52.520000001, lng: 13.405 }, { lat: 48.1372, lng: 11.5756 }),
    ).toBe(trip)
  })

  it('finds none for another route, the reverse one or no trips', () => {
    expect(savedTripOn([trip], trip.destination, trip.origin)).toBeUndefined()
    expect(savedTripOn([trip], { lat: 52.6, lng: 13.405 }, trip.destination)).toBeUndefined()
    expect(savedTripOn(undefined, trip.origin, trip.destination)).toBeUndefined()
  })
})

describe('nextTrip', () => {
  it('is the earliest trip from today on; past trips do not count', () => {
    const past = { ...trip, id: 'past', travel_date: '2026-11-01' }
    const later = { ...trip, id: 'later', travel_date: '2026-12-24' }
    const today = { ...trip, id: 'today', travel_date: '2026-11-27' }
    expect(nextTrip([later, past, today], '2026-11-27')).toBe(today)
    expect(nextTrip([past], '2026-11-27')).toBeUndefined()
    expect(nextTrip(undefined, '2026-11-27')).toBeUndefined()
  })
})
