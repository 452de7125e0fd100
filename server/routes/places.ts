import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  placeReverseAnswer,
  placeReverseQuery,
  placeSearchAnswer,
  placeSearchQuery,
} from '../../contract/places'
import { tooManyRequests } from '../errors'
import { hit, LIMITS, TOO_MANY } from '../services/throttle'

/**
 * GET /api/places/search?q=&limit= and GET /api/places/reverse?lat=&lon= (docs/design.md "Places").
 * Public (no token): they reveal nothing about users, and pages without sign-in may use them; limited
 * per client address instead, counted in the database so that every process shares the count. The embedded gazetteer answers unless NOMINATIM_URL is set. A failing
 * Nominatim answers an empty list / null (docs/spec.md section 7: a search failure gives an empty list).
 */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  // A hook of this plugin: it limits only the place routes.
  app.addHook('onRequest', async (request) => {
    const verdict = await hit(app.db, `places:client:${request.ip}`, LIMITS.placesPerClient)
    if (!verdict.allowed)
      throw tooManyRequests(TOO_MANY.placeSearchesFromNetwork, verdict.retryAfterS)
  })

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
