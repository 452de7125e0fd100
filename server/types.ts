import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Role } from '../contract/user'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { SeededAccount } from './db/seed'
import type { Mailer } from './services/mail'
import type { PlaceService } from './services/places/types'

export interface AuthUser {
  id: string
  name: string
  email: string
  role: Role
  phone: string
  address: string
  /** The session (JWT jti) the request came with. */
  sessionId: string
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    db: Db
    mailer: Mailer
    places: PlaceService
    jwtSecret: Uint8Array
    /** Accounts the demo seed created at this start (empty when it did not seed). */
    seededAccounts: SeededAccount[]
    authenticate: PreHandler
    requireRole: (...roles: Role[]) => PreHandler
    /** Honours an Idempotency-Key header (server/plugins/idempotency.ts); after the auth preHandler. */
    idempotent: PreHandler
  }
  interface FastifyRequest {
    user: AuthUser | null
  }
}
