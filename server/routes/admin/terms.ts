import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, messageOnly } from '../../../contract/envelope'
import { isUuid } from '../../../contract/ids'
import { term, termBody, userConsentAnswer } from '../../../contract/terms'
import { DomainError } from '../../errors'
import { createTerm, deleteTerm, listTerms, TERM_NOT_FOUND, updateTerm } from '../../services/terms'
import { requireUser } from '../../plugins/auth'

const security = [{ bearerAuth: [] }]
const idParams = z.object({ id: z.string() })
const termAnswer = envelope(term)

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
    async () => ({
      success: true,
      message: 'Agreements retrieved successfully',
      data: await listTerms(app.db),
    }),
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
      const created = await createTerm(app.db, requireUser(request).id, request.body)
      return reply.code(201).send({ success: true, message: 'Agreement created', data: created })
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
      if (!isUuid(id)) throw new DomainError('TERM_NOT_FOUND', TERM_NOT_FOUND)
      const updated = await updateTerm(app.db, requireUser(request).id, id, request.body)
      return { success: true, message: 'Agreement updated', data: updated }
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
      if (!isUuid(id)) throw new DomainError('TERM_NOT_FOUND', TERM_NOT_FOUND)
      await deleteTerm(app.db, requireUser(request).id, id)
      return { success: true, message: 'Agreement deleted' }
    },
  )
}
