import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { senderStatsAnswer } from '../../contract/deliveries'
import {
  createItemBody,
  itemAnswer,
  itemIdBody,
  itemsListAnswer,
  itemsQuery,
  itemStatuses,
  updateItemBody,
  type ItemStatus,
} from '../../contract/items'
import { deliverersAnswer } from '../../contract/sender-extra'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { deliveryRequests, items, users } from '../db/schema'
import { audit } from '../services/audit'
import { likePattern } from '../db/like-pattern'
import { httpError, ITEM_NOT_FOUND } from '../errors'
import { loadItemView, toItemViews } from '../services/item-view'
import { releasePayments, requestIdsOf } from '../services/payments/refunds'
import { isUuid, itemColumns, ownedItem } from '../services/sender-items'
import { requireUser } from '../plugins/auth'

export const ITEM_CREATED = 'Item created successfully'
export const ITEM_UPDATED = 'Item updated successfully'
export const ITEM_CANCELLED = 'Item cancelled'
export const NOT_EDITABLE = 'This item can no longer be edited'
export const NOT_CANCELLABLE = 'This item can no longer be cancelled'

const sortColumns = {
  created_at: items.createdAt,
  updated_at: items.updatedAt,
  name: items.name,
  category: items.category,
  status: items.status,
  delivery_deadline: items.deliveryDeadline,
  sender_price: items.senderPrice,
} as const

const tags = ['sender items']
const security = [{ bearerAuth: [] }]

/** Sender's items: list, detail, create, edit, cancel, deliverers, stats (issue 3). */
export const senderItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const sender = app.requireRole('sender')
  const view = async (db: Db, itemId: string, viewer: { id: string; role: 'sender' }) => {
    const item = await loadItemView(db, itemId, viewer, (row) => row.senderId === viewer.id)
    if (!item) throw httpError(404, ITEM_NOT_FOUND)
    return item
  }

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
      const user = requireUser(request)
      const body = request.body
      const row = one(
        await app.db
          .insert(items)
          .values({
            ...itemColumns(body),
            senderPrice: body.sender_price.toFixed(2),
            senderId: user.id,
            status: 'pending',
            sendingApproval: 'pending',
          })
          .returning({ id: items.id }),
        'item',
      )
      const item = await view(app.db, row.id, { id: user.id, role: 'sender' })
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
    async (request) => {
      const user = requireUser(request)
      const q = request.query
      const where: (SQL | undefined)[] = [eq(items.senderId, user.id)]
      if (q.status) where.push(eq(items.status, q.status))
      if (q.category) where.push(eq(items.category, q.category))
      if (q.search) {
        const pattern = likePattern(q.search)
        where.push(or(ilike(items.name, pattern), ilike(items.description, pattern)))
      }
      const column = sortColumns[q.sort_by] ?? items.createdAt
      const order = q.sort_order === 'asc' ? asc : desc
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(items)
          .where(and(...where))
          .orderBy(order(column), order(items.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        app.db
          .select({ n: count() })
          .from(items)
          .where(and(...where)),
      ])
      return {
        success: true,
        message: 'Items retrieved successfully',
        data: {
          items: await toItemViews(app.db, rows, { id: user.id, role: 'sender' }),
          pagination: { current_page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
        },
      }
    },
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
      if (!isUuid(request.params.id)) throw httpError(404, ITEM_NOT_FOUND)
      const item = await view(app.db, request.params.id, { id: user.id, role: 'sender' })
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
      const user = requireUser(request)
      const body = request.body
      await ownedItem(app.db, user.id, body.item_id)
      const columns = itemColumns(body)
      const updated = await app.db
        .update(items)
        .set({
          ...columns,
          ...(body.sender_price !== undefined ? { senderPrice: body.sender_price.toFixed(2) } : {}),
        })
        .where(
          and(
            eq(items.id, body.item_id),
            eq(items.senderId, user.id),
            eq(items.sendingApproval, 'pending'),
            eq(items.status, 'pending'),
          ),
        )
        .returning({ id: items.id })
      if (updated.length === 0) throw httpError(409, NOT_EDITABLE)
      const item = await view(app.db, body.item_id, { id: user.id, role: 'sender' })
      return { success: true, message: ITEM_UPDATED, data: { item } }
    },
  )

  app.post(
    '/cancel-item',
    {
      schema: {
        tags,
        summary: 'Cancel an item until a request is accepted',
        security,
        body: itemIdBody,
        response: { 200: itemAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const user = requireUser(request)
      const itemId = request.body.item_id
      await ownedItem(app.db, user.id, itemId)
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(items)
          .where(and(eq(items.id, itemId), eq(items.senderId, user.id)))
          .for('update')
        if (!row) throw httpError(404, ITEM_NOT_FOUND)
        if (row.status !== 'pending') throw httpError(409, NOT_CANCELLABLE)
        const [accepted] = await tx
          .select({ id: deliveryRequests.id })
          .from(deliveryRequests)
          .where(
            and(
              eq(deliveryRequests.itemId, itemId),
              eq(deliveryRequests.requestStatus, 'accepted'),
            ),
          )
          .limit(1)
        if (accepted) throw httpError(409, NOT_CANCELLABLE)
        await tx.update(items).set({ status: 'cancelled' }).where(eq(items.id, itemId))
        // Paid but not accepted yet (the sender changed their mind half-way): refunded in full.
        await releasePayments(tx, app.jobs, {
          requestIds: await requestIdsOf(tx, itemId),
          reason: 'item_cancelled',
          actorId: user.id,
        })
        await audit(tx, {
          actorId: user.id,
          action: 'item.cancel',
          targetType: 'item',
          targetId: itemId,
        })
      })
      const item = await view(app.db, itemId, { id: user.id, role: 'sender' })
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
      const user = requireUser(request)
      const rows = await app.db
        .selectDistinct({ id: users.id, name: users.name })
        .from(deliveryRequests)
        .innerJoin(items, eq(items.id, deliveryRequests.itemId))
        .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
        // docs/spec.md section 4: a sender learns of a deliverer only once an admin approved the delivery.
        .where(and(eq(items.senderId, user.id), eq(deliveryRequests.deliveryApproval, 'approved')))
        .orderBy(asc(users.name), asc(users.id))
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
    async (request) => {
      const user = requireUser(request)
      const [byStatus, [extra]] = await Promise.all([
        app.db
          .select({ status: items.status, n: count() })
          .from(items)
          .where(eq(items.senderId, user.id))
          .groupBy(items.status),
        app.db
          .select({
            awaiting: sql<number>`count(*) filter (where ${items.sendingApproval} = 'pending' and ${items.status} <> 'cancelled')::int`,
            toReview: sql<number>`count(*) filter (where ${items.sendingApproval} = 'approved' and ${items.status} = 'pending' and ${deliveryRequests.deliveryApproval} = 'approved' and ${deliveryRequests.requestStatus} = 'pending')::int`,
          })
          .from(items)
          .leftJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
          .where(eq(items.senderId, user.id)),
      ])
      const by_status = Object.fromEntries(itemStatuses.map((s) => [s, 0])) as Record<
        ItemStatus,
        number
      >
      for (const r of byStatus) by_status[r.status] = Number(r.n)
      return {
        success: true,
        message: 'Statistics retrieved successfully',
        data: {
          total: Object.values(by_status).reduce((a, b) => a + b, 0),
          by_status,
          awaiting_approval: Number(extra?.awaiting ?? 0),
          requests_to_review: Number(extra?.toReview ?? 0),
        },
      }
    },
  )
}
