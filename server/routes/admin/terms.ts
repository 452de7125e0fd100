import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, messageOnly } from '../../../contract/envelope'
import { term, termBody, userConsentAnswer } from '../../../contract/terms'
import { one } from '../../db/one'
import { terms } from '../../db/schema'
import { httpError } from '../../errors'
import { audit } from '../../services/audit'
import { isUuid } from '../../services/admin-items'
import { requireUser } from '../../plugins/auth'

const security = [{ bearerAuth: [] }]
const idParams = z.object({ id: z.string() })
const termAnswer = envelope(term)
const NOT_FOUND = 'Agreement not found'

const view = (t: typeof terms.$inferSelect) => ({
  id: t.id,
  title: t.title,
  description: t.description,
  role: t.role,
})

/** GET, POST /api/admin/terms and PUT, DELETE /api/admin/terms/{id}: the consent texts (agreements). */
export const adminTermRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/terms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every agreement, oldest first',
        security,
        response: { 200: userConsentAnswer },
      },
    },
    async () => {
      const rows = await app.db.select().from(terms).orderBy(asc(terms.createdAt), asc(terms.id))
      return { success: true, message: 'Agreements retrieved successfully', data: rows.map(view) }
    },
  )

  app.post(
    '/terms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an agreement',
        security,
        body: termBody,
        response: { 201: termAnswer },
      },
    },
    async (request, reply) => {
      const created = await app.db.transaction(async (tx) => {
        const row = one(await tx.insert(terms).values(request.body).returning(), 'agreement')
        await audit(tx, {
          actorId: requireUser(request).id,
          action: 'term.created',
          targetType: 'term',
          targetId: row.id,
        })
        return row
      })
      return reply
        .code(201)
        .send({ success: true, message: 'Agreement created', data: view(created) })
    },
  )

  app.put(
    '/terms/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change an agreement',
        security,
        params: idParams,
        body: termBody,
        response: { 200: termAnswer },
      },
    },
    async (request) => {
      const { id } = request.params
      if (!isUuid(id)) throw httpError(404, NOT_FOUND)
      const updated = await app.db.transaction(async (tx) => {
        const [row] = await tx.update(terms).set(request.body).where(eq(terms.id, id)).returning()
        if (!row) throw httpError(404, NOT_FOUND)
        await audit(tx, {
          actorId: requireUser(request).id,
          action: 'term.updated',
          targetType: 'term',
          targetId: id,
        })
        return row
      })
      return { success: true, message: 'Agreement updated', data: view(updated) }
    },
  )

  app.delete(
    '/terms/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an agreement',
        security,
        params: idParams,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const { id } = request.params
      if (!isUuid(id)) throw httpError(404, NOT_FOUND)
      await app.db.transaction(async (tx) => {
        const [row] = await tx.delete(terms).where(eq(terms.id, id)).returning({ id: terms.id })
        if (!row) throw httpError(404, NOT_FOUND)
        await audit(tx, {
          actorId: requireUser(request).id,
          action: 'term.deleted',
          targetType: 'term',
          targetId: id,
        })
      })
      return { success: true, message: 'Agreement deleted' }
    },
  )
}
