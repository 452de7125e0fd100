import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '../../contract/user'
import { sessions, users } from '../db/schema'
import { httpError } from '../errors'
import { verifySessionToken } from '../services/tokens'
import type { AuthUser } from '../types'

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1]
}

/**
 * `app.authenticate` (401 'Unauthenticated') and `app.requireRole(...roles)` (then 403 'Forbidden'):
 * HS256 signature and expiry, then the session row (not revoked, not expired) and an active user.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null)

    const isUuid = (s: string) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)

    async function load(request: FastifyRequest): Promise<AuthUser | null> {
      const token = bearer(request)
      if (!token) return null
      const claims = await verifySessionToken(app.jwtSecret, token)
      if (!claims || !isUuid(claims.jti) || !isUuid(claims.sub)) return null
      const [row] = await app.db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          phone: users.phone,
          address: users.address,
          sessionId: sessions.id,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, claims.jti),
            eq(sessions.userId, claims.sub),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            eq(users.active, true),
          ),
        )
        .limit(1)
      return row ?? null
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.user) return
      const user = await load(request)
      if (!user) throw httpError(401, 'Unauthenticated')
      request.user = user
    })

    app.decorate(
      'requireRole',
      (...roles: Role[]) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          await app.authenticate(request, reply)
          if (!request.user || !roles.includes(request.user.role)) throw httpError(403, 'Forbidden')
        },
    )
  },
  { name: 'auth', dependencies: ['config', 'db'] },
)
