import zlib from 'node:zlib'
import compress from '@fastify/compress'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import { loadConfig, type Env } from './config'
import type { Database } from './db/client'
import { authPlugin } from './plugins/auth'
import { configPlugin } from './plugins/config'
import { dbPlugin } from './plugins/db'
import { idempotencyPlugin } from './plugins/idempotency'
import { jobsPlugin } from './plugins/jobs'
import { mailPlugin } from './plugins/mail'
import { paymentsPlugin } from './plugins/payments'
import { placesPlugin } from './plugins/places'
import { securityPlugin } from './plugins/security'
import { storagePlugin } from './plugins/storage'
import { staticPwaPlugin } from './plugins/static-pwa'
import { uploadsPlugin } from './plugins/uploads'
import { authRoutes } from './routes/auth'
import { devRoutes } from './routes/dev'
import { fileRoutes } from './routes/files'
import { healthRoutes } from './routes/health'
import { infoRequestRoutes } from './routes/info-requests'
import { itemPhotoRoutes } from './routes/item-photos'
import { termsRoutes } from './routes/terms'
import { senderItemRoutes } from './routes/sender-items'
import { paymentRoutes } from './routes/payments'
import { deliveryRoutes } from './routes/deliveries'
import { handoffRoutes } from './routes/handoffs'
import { paymentMethodRoutes } from './routes/payment-method'
import { placeRoutes } from './routes/places'
import { adminRoutes } from './routes/admin'
import { userRoutes } from './routes/user'
import { tripRoutes } from './routes/trips'
import { messageRoutes } from './routes/messages'
import { disputeRoutes } from './routes/disputes'
import { ratingRoutes } from './routes/ratings'
import { withdrawDeliveryRoutes } from './routes/withdraw-delivery'
import { notificationRoutes } from './routes/notifications'
import { systemNetwork, type OutboundNetwork } from './services/outbound-guard'
import './types'

export interface BuildAppOptions {
  /** Environment to read the configuration from (default process.env). */
  env?: Env
  /** Where pino writes (tests capture logs here); stdout by default. */
  logStream?: DestinationStream
  /** false silences the logger entirely. */
  logger?: boolean
  /** An already opened database (tests); otherwise DATABASE_URL or PGlite in DATA_DIR. */
  database?: Database
  /** false: no background job worker (tests that run jobs themselves with app.jobs.drain()). */
  jobWorker?: boolean
  /** The outbound guard's resolver and connections (tests: no network); the system's by default. */
  outboundNetwork?: OutboundNetwork
}

/**
 * JSON bodies: no call needs more than a few KB, and a small limit refuses (413, before parsing)
 * the deeply nested megabyte that would hold up the event loop. Multipart uploads have their own
 * limits (server/services/files.ts).
 */
const JSON_BODY_LIMIT = 64 * 1024

/** Strips one-time tokens from logged URLs (the SPA route /verify-email?token=… is served here too). */
const redactUrl = (url: string) =>
  url.replace(/([?&](?:token|access_token|client_secret)=)[^&#]*/gi, '$1[redacted]')

function loggerOptions(level: string, opts: BuildAppOptions): FastifyServerOptions['logger'] {
  if (opts.logger === false) return false
  return {
    level,
    ...(opts.logStream ? { stream: opts.logStream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'body.password',
        'body.token',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method?: string; url?: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  }
}

/** The OpenAPI document at /api/docs/json and its UI at /api/docs. */
async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tote API',
        description: 'The API of the Tote delivery marketplace.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  // The document is about 120 KB: served, like every API answer, compressed (the swagger plugin
  // above stays at the root, where it sees every route; the UI reads it from there).
  await app.register(async (docs) => {
    await docs.register(compress, apiCompression)
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The UI's own policy, minus upgrade-insecure-requests (the app may run on plain http locally).
      transformStaticCSP: (header) =>
        header
          .replace(/\s*upgrade-insecure-requests;?/, '')
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    })
  })
}

/**
 * API answers over 1 KB go out compressed (brotli at a quality cheap enough per request, or
 * gzip); the built files are compressed once at build time instead (plugins/static-pwa.ts).
 */
const apiCompression = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
}

/** Builds the Fastify app (plugins, routes, migrations, demo seed); does not listen. */
export async function buildApp(opts: BuildAppOptions = {}) {
  const config = loadConfig(opts.env ?? process.env)
  const app = Fastify({
    logger: loggerOptions(config.logLevel, opts),
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: 60_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    // A first start opens PGlite, migrates and seeds (argon2): give it time on a slow machine.
    pluginTimeout: 120_000,
    // A hop count works at runtime (proxy-addr) though Fastify's types only list boolean | string.
    trustProxy: config.trustProxy as boolean | string,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()

  // Nothing an /api answer holds (errors, 404s and the docs included) may stay in the browser's
  // HTTP cache: on a shared phone the next user could read it, offline too. The PWA keeps what it
  // needs, per user, in IndexedDB; the worker's public caches (places, map) are its own.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.url === '/api' ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/api?')
    )
      reply.header('Cache-Control', 'no-store')
    return payload
  })

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(configPlugin, { config })
  app.decorate('outboundNetwork', opts.outboundNetwork ?? systemNetwork)
  await app.register(securityPlugin)
  await app.register(dbPlugin, { database: opts.database })
  await app.register(mailPlugin)
  await app.register(storagePlugin)
  await app.register(jobsPlugin, { startWorker: opts.jobWorker })
  await app.register(paymentsPlugin)
  await app.register(placesPlugin)
  await app.register(authPlugin)
  await app.register(uploadsPlugin)
  await app.register(idempotencyPlugin)

  // The OpenAPI document and its UI: off in production unless API_DOCS=true (config.ts).
  if (config.apiDocs) await registerApiDocs(app)

  await app.register(
    async (api) => {
      await api.register(compress, apiCompression)
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(userRoutes)
      await api.register(devRoutes)
      await api.register(fileRoutes)
      await api.register(infoRequestRoutes)
      await api.register(termsRoutes)
      await api.register(senderItemRoutes)
      await api.register(itemPhotoRoutes)
      await api.register(paymentRoutes)
      await api.register(deliveryRoutes)
      await api.register(handoffRoutes)
      await api.register(paymentMethodRoutes)
      await api.register(placeRoutes)
      await api.register(tripRoutes)
      await api.register(notificationRoutes)
      await api.register(messageRoutes)
      await api.register(disputeRoutes)
      await api.register(ratingRoutes)
      await api.register(withdrawDeliveryRoutes)
      await api.register(adminRoutes, { prefix: '/admin' })
    },
    { prefix: '/api' },
  )

  await app.register(staticPwaPlugin)
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
