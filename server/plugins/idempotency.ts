import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { idempotencyKeys } from '../db/schema'
import { DomainError } from '../errors'

/** An in-flight key older than this is taken to belong to a call that died (crash, abort). */
const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000
/** A key is remembered this long; after it the same key is a new request (and the row is purged). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const KEY_REUSED = 'This Idempotency-Key was already used for a different request'
const IN_FLIGHT = 'This request is already being processed'

/**
 * Answers worth keeping for a key: a success, or a refusal of the request's content (invalid
 * fields, too large, wrong file type), which the same content will always get. Anything that
 * depends on the moment (401, 403, 404, 409, 429: signed out, item withdrawn, already being
 * processed, throttled) or on the server (5xx) frees the key, so the same request may run again
 * when the moment has passed.
 */
const keepsAnswer = (status: number) =>
  (status >= 200 && status < 300) || [400, 413, 415, 422].includes(status)
const IDEMPOTENCY_HEADER = 'idempotency-key'
const REPLAYED_HEADER = 'Idempotent-Replayed'

const kClaim = Symbol('idempotencyClaim')
type Claimed = FastifyRequest & { [kClaim]?: string }

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url

/** JSON with object keys sorted, so the same content always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value ?? null)
}

/**
 * The request's content: the parsed JSON body, or a multipart form's fields, file name and bytes
 * (not the raw bytes: a browser picks a new multipart boundary each time it sends the same form).
 */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256')
  const form = request.form
  if (form) {
    hash.update(canonical(form.fields))
    if (form.file)
      hash
        .update('\0file\0')
        .update(form.file.filename)
        .update('\0')
        .update(createHash('sha256').update(form.file.buffer).digest('hex'))
  } else hash.update(canonical(request.body))
  return hash.digest('hex')
}

/**
 * `app.idempotent`: a preHandler for writes the PWA may replay from its offline outbox. Auth runs
 * on request; a multipart route reads its form first (`preHandler: [app.multipartForm(…),
 * app.idempotent]`), so the key's fingerprint covers the file.
 *
 * Without an `Idempotency-Key` header the call runs normally. With one (1..200 characters, else 400),
 * per user: the first call claims the key (insert-first on the unique (user_id, key)) with the
 * fingerprint of its content; its answer is stored when it is sent if it is final (keepsAnswer),
 * else the key is freed so a retry runs again. A later call with the same key and content gets the stored
 * status and body with `Idempotent-Replayed: true`; while the first is still running, 409 'This
 * request is already being processed'; the same key with other content, method or path, 422 (the
 * IETF Idempotency-Key draft). A key older than 24 hours is forgotten.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    async function claim(
      userId: string,
      key: string,
      method: string,
      path: string,
      fingerprint: string,
    ) {
      const [row] = await app.db
        .insert(idempotencyKeys)
        .values({ userId, key, method, path, fingerprint })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
        .returning({ id: idempotencyKeys.id })
      return row?.id
    }

    app.decorate('idempotent', async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.headers[IDEMPOTENCY_HEADER]
      if (raw === undefined) return
      const key = Array.isArray(raw) ? raw[0] : raw
      if (!key || key.length > 200 || Array.isArray(raw))
        throw new DomainError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 200 characters')
      const user = request.user
      if (!user) throw new DomainError('UNAUTHENTICATED', 'Unauthenticated')
      const method = request.method
      const path = pathOf(request)
      const fingerprint = fingerprintOf(request)

      for (let attempt = 0; attempt < 3; attempt++) {
        const id = await claim(user.id, key, method, path, fingerprint)
        if (id) {
          ;(request as Claimed)[kClaim] = id
          return
        }
        const [prior] = await app.db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)))
        if (!prior) continue // freed in between (a 5xx): claim again
        if (Date.now() - prior.createdAt.getTime() >= IDEMPOTENCY_TTL_MS) {
          await app.db
            .delete(idempotencyKeys)
            .where(
              and(
                eq(idempotencyKeys.id, prior.id),
                lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)),
              ),
            )
          continue
        }
        if (prior.method !== method || prior.path !== path || prior.fingerprint !== fingerprint)
          throw new DomainError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED)
        if (prior.responseStatus === null) {
          if (Date.now() - prior.createdAt.getTime() < IDEMPOTENCY_STALE_MS)
            throw new DomainError('IN_FLIGHT', IN_FLIGHT)
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
      throw new DomainError('IN_FLIGHT', IN_FLIGHT)
    })

    app.addHook('onSend', async (request, reply, payload) => {
      const id = (request as Claimed)[kClaim]
      if (!id) return payload
      ;(request as Claimed)[kClaim] = undefined
      if (!keepsAnswer(reply.statusCode)) {
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
