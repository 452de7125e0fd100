import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  messageAnswer,
  messageFields,
  threadAnswer,
  unreadMessagesAnswer,
} from '../../contract/messages'
import { messageMessages } from '../../contract/message-rules'
import { fieldErrors } from '../errors'
import { requireUser } from '../plugins/auth'
import { messageFileRefusals, readThread, unreadMessages, writeMessage } from '../services/messages'

const tags = ['messages']
const security = [{ bearerAuth: [] }]
const params = z.object({ id: z.string().max(100) })

/**
 * The conversation of a delivery (docs/decisions/039): GET and POST /api/items/{id}/messages for
 * the item's sender, its accepted deliverer and (reading only) admins; GET /api/messages/unread
 * for the navigation. Any signed-in role reaches them; who may is the service's to say (404).
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.authenticate
  // JSON `{ body }`, or multipart (body and an optional file): only a multipart body is read here,
  // before the Idempotency-Key is claimed, so the key's fingerprint covers the file.
  const readForm = app.multipartForm({ fileField: 'file', refusals: messageFileRefusals })
  const multipartIfSent = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.isMultipart()) await readForm(request, reply)
  }

  app.get(
    '/items/:id/messages',
    {
      schema: {
        tags,
        summary:
          "The item's conversation, oldest first; reading marks the caller's unread messages read",
        security,
        params,
        response: { 200: threadAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true,
      message: 'Messages',
      data: await readThread(app.db, requireUser(request), request.params.id),
    }),
  )

  app.post(
    '/items/:id/messages',
    {
      schema: {
        tags,
        summary:
          'Write to the other side of the delivery (JSON { body }, or multipart body + optional file)',
        security,
        consumes: ['application/json', 'multipart/form-data'],
        params,
        response: { 201: messageAnswer },
      },
      onRequest: signedIn,
      preHandler: [multipartIfSent, app.idempotent],
    },
    async (request, reply) => {
      const user = requireUser(request)
      const form = request.form
      const parsed = messageFields.safeParse(form ? form.fields : (request.body ?? {}))
      if (!parsed.success) throw fieldErrors(parsed.error.issues)
      const message = await writeMessage(app.db, app.storage, app.notifier, {
        viewer: user,
        itemId: request.params.id,
        body: parsed.data.body,
        file: form?.file,
      })
      return reply
        .code(201)
        .send({ success: true, message: messageMessages.sent, data: { message } })
    },
  )

  app.get(
    '/messages/unread',
    {
      schema: {
        tags,
        summary: "The caller's unread messages: the total and per item",
        security,
        response: { 200: unreadMessagesAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const items = await unreadMessages(app.db, requireUser(request).id)
      return {
        success: true,
        message: 'Unread messages',
        data: { total: items.reduce((n, i) => n + i.unread, 0), items },
      }
    },
  )
}
