import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageOnly } from '../../contract/envelope'
import {
  MAX_TRIPS,
  tripAnswer,
  tripBody,
  tripParams,
  tripsAnswer,
  TOO_MANY_TRIPS,
  TRIP_DATE_PAST,
  type Trip,
} from '../../contract/trips'
import type { z } from 'zod'
import { DomainError, fieldError } from '../errors'
import { requireUser } from '../plugins/auth'
import { geocode } from '../services/places/geocode'
import {
  createTrip,
  deleteTrip,
  earliestTravelDate,
  listTrips,
  toTripView,
  updateTrip,
  type TripInput,
} from '../services/trips'

const TRIP_NOT_FOUND = 'Trip not found'

const security = [{ bearerAuth: [] }]

/**
 * GET, POST /api/trips and PUT, DELETE /api/trips/{id}: a deliverer's saved trips (decision 024).
 * Deliverers only (others 403); someone else's trip or an unknown id is a 404, never a 403.
 */
export const tripRoutes: FastifyPluginAsyncZod = async (app) => {
  const deliverer = app.requireRole('deliverer')

  /** The body as the service takes it: a date not past, places geocoded like available-items. */
  async function tripInput(body: z.output<typeof tripBody>): Promise<TripInput> {
    if (body.travel_date < earliestTravelDate()) throw fieldError('travel_date', TRIP_DATE_PAST)
    return {
      name: body.name,
      origin: await geocode(app.places, body.origin_address),
      destination: await geocode(app.places, body.destination_address),
      radiusKm: body.radius_km,
      travelDate: body.travel_date,
    }
  }

  app.get(
    '/trips',
    {
      schema: {
        tags: ['trips'],
        summary: "The deliverer's saved trips, soonest travel date first",
        security,
        response: { 200: tripsAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const rows = await listTrips(app.db, requireUser(request).id)
      const list: Trip[] = rows.map(toTripView)
      return { success: true, message: 'Trips', data: { trips: list } }
    },
  )

  app.post(
    '/trips',
    {
      schema: {
        tags: ['trips'],
        summary: `Save a trip (at most ${MAX_TRIPS} a deliverer): notified of approved items on its route`,
        security,
        body: tripBody,
        response: { 201: tripAnswer },
      },
      onRequest: deliverer,
    },
    async (request, reply) => {
      const user = requireUser(request)
      const row = await createTrip(app.db, user.id, await tripInput(request.body))
      if (!row) throw new DomainError('TOO_MANY_TRIPS', TOO_MANY_TRIPS)
      return reply
        .code(201)
        .send({ success: true, message: 'Trip saved', data: { trip: toTripView(row) } })
    },
  )

  app.put(
    '/trips/:id',
    {
      schema: {
        tags: ['trips'],
        summary: 'Change a saved trip',
        security,
        params: tripParams,
        body: tripBody,
        response: { 200: tripAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const user = requireUser(request)
      const input = await tripInput(request.body)
      const row = await updateTrip(app.db, user.id, request.params.id, input)
      if (!row) throw new DomainError('TRIP_NOT_FOUND', TRIP_NOT_FOUND)
      return { success: true, message: 'Trip saved', data: { trip: toTripView(row) } }
    },
  )

  app.delete(
    '/trips/:id',
    {
      schema: {
        tags: ['trips'],
        summary: 'Delete a saved trip (its notifications stay)',
        security,
        params: tripParams,
        response: { 200: messageOnly },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const gone = await deleteTrip(app.db, requireUser(request).id, request.params.id)
      if (!gone) throw new DomainError('TRIP_NOT_FOUND', TRIP_NOT_FOUND)
      return { success: true, message: 'Trip deleted' }
    },
  )
}
