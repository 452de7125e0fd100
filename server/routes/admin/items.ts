import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminItemDetailAnswer,
  adminItemsAnswer,
  adminItemsQuery,
  adminStatsAnswer,
} from '../../../contract/admin'
import { DomainError, ITEM_NOT_FOUND } from '../../errors'
import { adminItemDetail, adminStats, listAdminItems } from '../../services/admin-items'
import { requireUser } from '../../plugins/auth'

const security = [{ bearerAuth: [] }]

/** GET /api/admin/stats, /api/admin/items, /api/admin/items/{id}. */
export const adminItemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counters for the admin dashboard',
        security,
        response: { 200: adminStatsAnswer },
      },
    },
    async () => ({
      success: true,
      message: 'Statistics retrieved successfully',
      data: await adminStats(app.db),
    }),
  )

  app.get(
    '/items',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every item, with filters, search, sort and pages',
        security,
        querystring: adminItemsQuery,
        response: { 200: adminItemsAnswer },
      },
    },
    async (request) => ({
      success: true,
      message: 'Items retrieved successfully',
      data: await listAdminItems(app.db, request.query),
    }),
  )

  app.get(
    '/items/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'An item with every request, information request and its history',
        security,
        params: z.object({ id: z.string() }),
        response: { 200: adminItemDetailAnswer },
      },
    },
    async (request) => {
      const data = await adminItemDetail(app.db, request.params.id, requireUser(request).id)
      if (!data) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
      return { success: true, message: 'Item retrieved successfully', data }
    },
  )
}
