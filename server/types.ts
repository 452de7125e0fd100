import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Role } from '../contract/user'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { SeededAccount } from './db/seed'
import type { JobQueue } from './jobs/queue'
import type { MultipartForm, MultipartOptions } from './services/files'
import type { HandoffKeyring } from './services/handoff-keys'
import type { Mailer } from './services/mail'
import type { OutboundNetwork } from './services/outbound-guard'
import type { Notifier } from './services/notify'
import type { Vapid } from './services/push'
import type { PaymentProvider } from './services/payments/provider'
import type { PlaceService } from './services/places/types'
import type { ObjectStore } from './services/storage/object-store'

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
    /** The durable job queue (mails, refunds, housekeeping). */
    jobs: JobQueue
    /** What notify() needs besides the transaction (server/services/notify.ts, decision 033). */
    notifier: Notifier
    /** The card payment provider: Stripe, or the built-in test provider. */
    payments: PaymentProvider
    places: PlaceService
    /** Where uploaded files live (server/plugins/storage.ts). */
    storage: ObjectStore
    jwtSecret: Uint8Array
    /** What signs and checks the handoff codes (decision 034). */
    handoffKeys: HandoffKeyring
    /** Web Push keys; null when push is off (production without VAPID_* keys). */
    vapid: Vapid | null
    /** What calls to URLs users gave go through (server/services/outbound-guard.ts, decision 026). */
    outboundNetwork: OutboundNetwork
    /** The origin mail links point at: APP_ORIGIN, else http://localhost:<listening port>. */
    publicOrigin: () => string
    /** Whether this server seeds demo data (known passwords) into an empty database. */
    seedsDemoData: boolean
    /** Accounts the demo seed created at this start (empty when it did not seed). */
    seededAccounts: SeededAccount[]
    authenticate: PreHandler
    requireRole: (...roles: Role[]) => PreHandler
    /** Honours an Idempotency-Key header (server/plugins/idempotency.ts); auth runs on request. */
    idempotent: PreHandler
    /** A preHandler that reads the multipart body into request.form (server/plugins/uploads.ts). */
    multipartForm: (opts: MultipartOptions) => PreHandler
  }
  interface FastifyRequest {
    user: AuthUser | null
    /** The multipart body, once app.multipartForm read it. */
    form: MultipartForm | null
  }
}
