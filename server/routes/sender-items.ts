import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { senderStatsAnswer } from '../../contract/deliveries'
import {
  createItemBody,
  itemAnswer,
  itemsListAnswer,
  itemsQuery,
  updateItemBody,
} from '../../contract/items'
import { isUuid } from '../../contract/ids'
import { deliverersAnswer } from '../../contract/sender-extra'
import { cancelItemBody } from '../../contract/way-out'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import {
  approvedDeliverersOf,
  cancelItem,
  createItem,
  listSenderItems,
  senderItemView,
  senderStats,
  updateItem,
} from '../services/sender-items'
import { requireUser } from '../plugins/auth'

const ITEM_CREATED = 'Item created successfully'
const ITEM_UPDATED = 'Item updated successfully'
const ITEM_CANCELLED = 'Item cancelled'

const tags = ['sender items']
const security = [{ bearerAuth: [] }]

/** Sender's items: list, detail, create, edit, cancel, deliverers, stats. */
export const senderItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const sender = app.requireRole('sender')
  app.post(
    '/items',
    {
      schema: {
        tags,
        summary: 'Post a new item (status pending, awaiting sending approval)',
        security,
        body: createItemBody,
        response: { 201: itemAnswer },
      },
      onRequest: sender,
      preHandler: app.idempotent,
    },
    async (request, reply) => {
      const item = await createItem(app.db, app.notifier, requireUser(request).id, request.body)
      return reply.code(201).send({ success: true, message: ITEM_CREATED, data: { item } })
    },
  )

  app.get(
    '/items',
    {
      schema: {
        tags,
        summary: "The caller's items, paged, sorted and filtered",
        security,
        querystring: itemsQuery,
        response: { 200: itemsListAnswer },
      },
      onRequest: sender,
    },
    async (request) => ({
      success: true,
      message: 'Items retrieved successfully',
      data: await listSenderItems(app.db, requireUser(request).id, request.query),
    }),
  )

  app.get(
    '/items/:id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s items',
        security,
        params: z.object({ id: z.string() }),
        response: { 200: itemAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const user = requireUser(request)
      if (!isUuid(request.params.id)) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
      const item = await senderItemView(app.db, user.id, request.params.id)
      return { success: true, message: 'Item retrieved successfully', data: { item } }
    },
  )

  app.post(
    '/update-item',
    {
      schema: {
        tags,
        summary: 'Edit an item while its sending approval is pending',
        security,
        body: updateItemBody,
        response: { 200: itemAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const item = await updateItem(app.db, requireUser(request).id, request.body)
      return { success: true, message: ITEM_UPDATED, data: { item } }
    },
  )

  app.post(
    '/cancel-item',
    {
      schema: {
        tags,
        summary: 'Cancel an item until it is picked up (with a reason once a request is accepted)',
        security,
        body: cancelItemBody,
        response: { 200: itemAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const item = await cancelItem(app.db, app.notifier, requireUser(request).id, request.body)
      return { success: true, message: ITEM_CANCELLED, data: { item } }
    },
  )

  app.get(
    '/get-all-deliverers',
    {
      schema: {
        tags,
        summary: 'The deliverers an admin approved for the caller’s items',
        security,
        response: { 200: deliverersAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const rows = await approvedDeliverersOf(app.db, requireUser(request).id)
      return { success: true, message: 'Deliverers retrieved successfully', data: rows }
    },
  )

  app.get(
    '/sender-stats',
    {
      schema: {
        tags,
        summary: 'Counts of the caller’s items',
        security,
        response: { 200: senderStatsAnswer },
      },
      onRequest: sender,
    },
    async (request) => ({
      success: true,
      message: 'Statistics retrieved successfully',
      data: await senderStats(app.db, requireUser(request).id),
    }),
  )
}
