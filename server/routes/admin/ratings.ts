import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminRatingsAnswer, adminRatingsQuery } from '../../../contract/admin'
import { messageOnly } from '../../../contract/envelope'
import { ratingParams, ratingReasonBody } from '../../../contract/ratings'
import { ratingMessages } from '../../../contract/rating-rules'
import { requireUser } from '../../plugins/auth'
import { adminRatings, hideRating } from '../../services/ratings'

const security = [{ bearerAuth: [] }]

/**
 * GET /api/admin/ratings (the reported ones, or an item's) and POST /api/admin/ratings/{id}/hide
 * (audited; the rating leaves the averages): docs/decisions/039.
 */
export const adminRatingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ratings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reported ratings, latest report first; or every rating of one item (item_id)',
        security,
        querystring: adminRatingsQuery,
        response: { 200: adminRatingsAnswer },
      },
    },
    async (request) => ({
      success: true,
      message: 'Ratings',
      data: await adminRatings(app.db, request.query),
    }),
  )

  app.post(
    '/ratings/:id/hide',
    {
      schema: {
        tags: ['admin'],
        summary: 'Hide a rating (audited with the reason): it leaves the average',
        security,
        params: ratingParams,
        body: ratingReasonBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await hideRating(app.db, {
        adminId: requireUser(request).id,
        ratingId: request.params.id,
        reason: request.body.reason,
      })
      return { success: true, message: ratingMessages.hidden }
    },
  )
}
