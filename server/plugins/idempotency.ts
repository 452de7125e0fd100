import { and, eq, lt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { idempotencyKeys } from '../db/schema'
import { httpError } from '../errors'

/** An in-flight key older than this is taken to belong to a call that died (crash, abort). */
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const REPLAYED_HEADER = 'Idempotent-Replayed'

const kClaim = Symbol('idempotencyClaim')
type Claimed = FastifyRequest & { [kClaim]?: string }

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url

/**
 * `app.idempotent`: a preHandler for writes the PWA may replay from its offline outbox. Put it AFTER
 * the auth preHandler: `preHandler: [app.requireRole('deliverer'), app.idempotent]`.
 *
 * Without an `Idempotency-Key` header the call runs normally. With one (1..200 characters, else 400),
 * per user: the first call claims the key (insert-first on the unique (user_id, key)); its answer is
 * stored when it is sent — unless it is a 5xx, which frees the key so a retry runs again. A later
 * call with the same key gets the stored status and body with `Idempotent-Replayed: true`; while
 * the first is still running, 409 'This request is already being processed'; the same key on
 * another method or path, 422.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    async function claim(userId: string, key: string, method: string, path: string) {
      const [row] = await app.db
        .insert(idempotencyKeys)
        .values({ userId, key, method, path })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
        .returning({ id: idempotencyKeys.id })
      return row?.id
    }

    app.decorate('idempotent', async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.headers[IDEMPOTENCY_HEADER]
      if (raw === undefined) return
      const key = Array.isArray(raw) ? raw[0] : raw
      if (!key || key.length > 200 || Array.isArray(raw))
        throw httpError(400, 'Idempotency-Key must be 1 to 200 characters')
      const user = request.user
      if (!user) throw httpError(401, 'Unauthenticated')
      const method = request.method
      const path = pathOf(request)

      for (let attempt = 0; attempt < 2; attempt++) {
        const id = await claim(user.id, key, method, path)
        if (id) {
          ;(request as Claimed)[kClaim] = id
          return
        }
        const [prior] = await app.db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)))
        if (!prior) continue // freed in between (a 5xx): claim again
        if (prior.method !== method || prior.path !== path)
          throw httpError(422, 'This Idempotency-Key was already used for a different request')
        if (prior.responseStatus === null) {
          if (Date.now() - prior.createdAt.getTime() < IDEMPOTENCY_STALE_MS)
            throw httpError(409, 'This request is already being processed')
          await app.db
            .delete(idempotencyKeys)
            .where(
              and(
                eq(idempotencyKeys.id, prior.id),
                lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_STALE_MS)),
              ),
            )
          continue
        }
        reply.code(prior.responseStatus).header(REPLAYED_HEADER, 'true')
        return reply.send(prior.responseBody)
      }
      throw httpError(409, 'This request is already being processed')
    })

    app.addHook('onSend', async (request, reply, payload) => {
      const id = (request as Claimed)[kClaim]
      if (!id) return payload
      ;(request as Claimed)[kClaim] = undefined
      if (reply.statusCode >= 500) {
        await app.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id))
        return payload
      }
      let body: unknown = payload
      if (typeof payload === 'string') {
        try {
          body = JSON.parse(payload)
        } catch {
          body = payload
        }
      } else if (Buffer.isBuffer(payload)) body = payload.toString('utf8')
      await app.db
        .update(idempotencyKeys)
        .set({ responseStatus: reply.statusCode, responseBody: body })
        .where(eq(idempotencyKeys.id, id))
      return payload
    })
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
)
