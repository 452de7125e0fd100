import { z } from 'zod'
import { uuidOf } from './ids'
import { dateOnly } from './dates'
import { routeBody } from './deliveries'
import { envelope } from './envelope'
import { location } from './items'

/** A deliverer keeps at most this many trips (decision 024); the next one is a 400. */
export const MAX_TRIPS = 20
export const TOO_MANY_TRIPS = `You can save at most ${MAX_TRIPS} trips: delete one first`
export const TRIP_DATE_PAST = 'Travel date cannot be in the past'

/**
 * A saved search of /available-items: the same route and radius, a travel date and a name.
 * When an admin approves an item on the route of a trip whose date is not past, its deliverer
 * is notified (docs/design.md "Trips and notifications").
 */
const trip = z.object({
  id: z.string(),
  name: z.string().nullable(),
  origin: location,
  destination: location,
  radius_km: z.number(),
  /** YYYY-MM-DD, the day the deliverer sets off. */
  travel_date: z.string(),
  created_at: z.string(),
})
export type Trip = z.infer<typeof trip>

/** POST /api/trips and PUT /api/trips/{id}: body (origin and destination as in available-items). */
export const tripBody = routeBody.extend({
  name: z
    .string()
    .trim()
    .max(80, 'Name must be at most 80 characters')
    .optional()
    .transform((v) => v || undefined),
  travel_date: dateOnly,
})
export type TripBody = z.input<typeof tripBody>

export const tripParams = z.object({ id: uuidOf('trip') })

/** GET /api/trips: the deliverer's trips, soonest travel date first. */
export const tripsAnswer = envelope(z.object({ trips: z.array(trip) }))
/** POST /api/trips (201), PUT /api/trips/{id} */
export const tripAnswer = envelope(z.object({ trip }))
