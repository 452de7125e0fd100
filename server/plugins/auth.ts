import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isUuid } from '../../contract/ids'
import type { Role } from '../../contract/user'
import { sessions, users } from '../db/schema'
import { DomainError } from '../errors'
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
/**
 * The signed-in user of a route behind `authenticate` or `requireRole`. Without them it is a
 * programming error, answered as a 500 rather than read as someone else's request.
 */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('requireUser() on a route without authenticate')
  return request.user
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null)

    // Prepared once: every authenticated call runs it, and an unnamed statement costs a describe
    // round trip, a parse and a plan each time.
    const sessionUser = app.db
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
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > now()`,
          eq(users.active, true),
        ),
      )
      .limit(1)
      .prepare('session_user')

    async function load(request: FastifyRequest): Promise<AuthUser | null> {
      const token = bearer(request)
      if (!token) return null
      const claims = await verifySessionToken(app.jwtSecret, token)
      if (!claims || !isUuid(claims.jti) || !isUuid(claims.sub)) return null
      const [row] = await sessionUser.execute({ sessionId: claims.jti, userId: claims.sub })
      return row ?? null
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.user) return
      const user = await load(request)
      if (!user) throw new DomainError('UNAUTHENTICATED', 'Unauthenticated')
      request.user = user
    })

    app.decorate(
      'requireRole',
      (...roles: Role[]) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          await app.authenticate(request, reply)
          if (!request.user || !roles.includes(request.user.role))
            throw new DomainError('FORBIDDEN', 'Forbidden')
        },
    )
  },
  { name: 'auth', dependencies: ['config', 'db'] },
)
