import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messageOnly } from '../../contract/envelope'
import {
  ratingAnswer,
  ratingBody,
  ratingParams,
  ratingReasonBody,
  ratingsAnswer,
} from '../../contract/ratings'
import { ratingMessages } from '../../contract/rating-rules'
import { requireUser } from '../plugins/auth'
import { rateDelivery, ratingsOf, reportRating } from '../services/ratings'

const tags = ['ratings']
const security = [{ bearerAuth: [] }]
const itemParams = z.object({ id: z.string().max(100) })

/**
 * Double-blind ratings of a delivery (docs/decisions/039): POST /api/items/{id}/rating and GET
 * /api/items/{id}/ratings for its two sides (anyone else, admins too, 404), and POST
 * /api/ratings/{id}/report.
 */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.authenticate

  app.post(
    '/items/:id/rating',
    {
      schema: {
        tags,
        summary: 'Rate the other side of a delivered item, once, within 14 days of the delivery',
        security,
        params: itemParams,
        body: ratingBody,
        response: { 201: ratingAnswer },
      },
      onRequest: signedIn,
      preHandler: app.idempotent,
    },
    async (request, reply) => {
      const rating = await rateDelivery(app.db, {
        viewer: requireUser(request),
        itemId: request.params.id,
        stars: request.body.stars,
        comment: request.body.comment,
      })
      return reply
        .code(201)
        .send({ success: true, message: ratingMessages.saved, data: { rating } })
    },
  )

  app.get(
    '/items/:id/ratings',
    {
      schema: {
        tags,
        summary:
          "The caller's rating and the other side's (null until both are in or 14 days pass)",
        security,
        params: itemParams,
        response: { 200: ratingsAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true,
      message: 'Ratings',
      data: await ratingsOf(app.db, requireUser(request), request.params.id),
    }),
  )

  app.post(
    '/ratings/:id/report',
    {
      schema: {
        tags,
        summary: 'Report a rating of a delivery of yours to the admins, with a reason',
        security,
        params: ratingParams,
        body: ratingReasonBody,
        response: { 200: messageOnly },
      },
      onRequest: signedIn,
      preHandler: app.idempotent,
    },
    async (request) => {
      await reportRating(app.db, app.notifier, {
        viewer: requireUser(request),
        ratingId: request.params.id,
        reason: request.body.reason,
      })
      return { success: true, message: ratingMessages.reported }
    },
  )
}
