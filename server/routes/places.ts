import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  placeReverseAnswer,
  placeReverseQuery,
  placeSearchAnswer,
  placeSearchQuery,
} from '../../contract/places'

/** Per client IP and minute: a 400 ms debounced search box stays far below it. */
export const PLACES_RATE_LIMIT = 120

/**
 * GET /api/places/search?q=&limit= and GET /api/places/reverse?lat=&lon= (DESIGN.md "Places").
 * Public (no token): they reveal nothing about users, and pages without sign-in may use them; rate
 * limited per IP instead. The embedded gazetteer answers unless NOMINATIM_URL is set. A failing
 * Nominatim answers an empty list / null (SPEC.md section 7: a search failure gives an empty list).
 */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered inside this plugin, so it limits only the place routes.
  await app.register(rateLimit, { max: PLACES_RATE_LIMIT, timeWindow: '1 minute' })

  app.get(
    '/places/search',
    {
      schema: {
        tags: ['places'],
        summary: 'Places whose name matches the text, best first',
        querystring: placeSearchQuery,
        response: { 200: placeSearchAnswer },
      },
    },
    async (request) => {
      const { q, limit } = request.query
      const found = await app.places.search(q, limit)
      return {
        success: true,
        message: found.length ? 'Places found' : 'No places found',
        data: found,
      }
    },
  )

  app.get(
    '/places/reverse',
    {
      schema: {
        tags: ['places'],
        summary: 'The named place nearest to a point',
        querystring: placeReverseQuery,
        response: { 200: placeReverseAnswer },
      },
    },
    async (request) => {
      const { lat, lon } = request.query
      const place = await app.places.reverse(lat, lon)
      return { success: true, message: place ? 'Place found' : 'No place found', data: place }
    },
  )
}
