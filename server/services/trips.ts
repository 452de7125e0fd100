import { and, asc, count, eq } from 'drizzle-orm'
import type { Location } from '../../contract/items'
import { MAX_TRIPS, type Trip } from '../../contract/trips'
import type { Db } from '../db/client'
import { trips, users } from '../db/schema'
import { tripCells } from './corridor-cells'
import { pathOf } from './corridor-geometry'

export type TripRow = typeof trips.$inferSelect

/** A trip as the service takes it: locations already geocoded. */
export interface TripInput {
  name: string | undefined
  origin: Location
  destination: Location
  radiusKm: number
  /** YYYY-MM-DD */
  travelDate: string
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The earliest travel date a trip may have, and the earliest one that still gets notifications:
 * the UTC date minus one day. The server does not know the deliverer's time zone: west of UTC it
 * is still yesterday there when UTC has moved on, and their today must not count as past.
 */
export const earliestTravelDate = (now = new Date()) =>
  new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10)

/** The route cells of a trip's corridor (corridor-cells.ts tripCells; null: antipodal ends, no route). */
export function tripRouteCells(
  origin: Pick<Location, 'lat' | 'lng'>,
  destination: Pick<Location, 'lat' | 'lng'>,
  radiusKm: number,
): number[] | null {
  const path = pathOf(origin, destination, radiusKm)
  return path ? tripCells(path) : null
}

const columns = (t: TripInput) => ({
  name: t.name ?? null,
  originLat: t.origin.lat,
  originLng: t.origin.lng,
  originAddress: t.origin.address ?? '',
  destinationLat: t.destination.lat,
  destinationLng: t.destination.lng,
  destinationAddress: t.destination.address ?? '',
  radiusKm: t.radiusKm,
  travelDate: t.travelDate,
  routeCells: tripRouteCells(t.origin, t.destination, t.radiusKm),
})

const place = (lat: number, lng: number, address: string): Location =>
  address ? { lat, lng, address } : { lat, lng }

export const toTripView = (row: TripRow): Trip => ({
  id: row.id,
  name: row.name,
  origin: place(row.originLat, row.originLng, row.originAddress),
  destination: place(row.destinationLat, row.destinationLng, row.destinationAddress),
  radius_km: row.radiusKm,
  travel_date: row.travelDate,
  created_at: row.createdAt.toISOString(),
})

/** GET /api/trips: soonest travel date first (then the oldest saved). */
export const listTrips = (db: Db, delivererId: string) =>
  db
    .select()
    .from(trips)
    .where(eq(trips.delivererId, delivererId))
    .orderBy(asc(trips.travelDate), asc(trips.createdAt), asc(trips.id))

/**
 * POST /api/trips; null when the deliverer already has MAX_TRIPS. The count and the insert run
 * under a lock of the deliverer's user row (FOR NO KEY UPDATE: it serialises their trip saves but
 * not the foreign-key checks of their other writes), so parallel saves cannot pass the limit.
 */
export async function createTrip(
  db: Db,
  delivererId: string,
  input: TripInput,
): Promise<TripRow | null> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, delivererId))
      .for('no key update')
    const [held] = await tx
      .select({ n: count() })
      .from(trips)
      .where(eq(trips.delivererId, delivererId))
    if (Number(held?.n ?? 0) >= MAX_TRIPS) return null
    const [row] = await tx
      .insert(trips)
      .values({ delivererId, ...columns(input) })
      .returning()
    return row ?? null
  })
}

/** PUT /api/trips/{id}; null when it is not this deliverer's trip. */
export async function updateTrip(
  db: Db,
  delivererId: string,
  id: string,
  input: TripInput,
): Promise<TripRow | null> {
  const [row] = await db
    .update(trips)
    .set(columns(input))
    .where(and(eq(trips.id, id), eq(trips.delivererId, delivererId)))
    .returning()
  return row ?? null
}

/** DELETE /api/trips/{id}; false when it is not this deliverer's trip. */
export async function deleteTrip(db: Db, delivererId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(trips)
    .where(and(eq(trips.id, id), eq(trips.delivererId, delivererId)))
    .returning({ id: trips.id })
  return gone.length > 0
}
