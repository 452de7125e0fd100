import path from 'node:path'
import { z } from 'zod'

export type Env = Record<string, string | undefined>

/**
 * The origin of links in mails and of Stripe return URLs: APP_ORIGIN, else this machine on the
 * port it listens on. Never the request's Host or X-Forwarded-Host, which whoever sends the
 * request chooses. The one place this is decided, so the server and the scripts agree.
 */
export const originOf = (
  config: Pick<Config, 'appOrigin' | 'port'>,
  listeningPort: number = config.port,
) => config.appOrigin || `http://localhost:${listeningPort}`

/** A configuration Tote refuses to start with; its message says what to set. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Tote cannot start with this configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
    this.name = 'ConfigError'
  }
}

export interface Config {
  nodeEnv: string
  isProduction: boolean
  port: number
  /** 127.0.0.1 unless HOST says otherwise: demo accounts and the dev outbox stay on this machine. */
  host: string
  dataDir: string
  /** PostgreSQL when set; embedded PGlite in DATA_DIR/pglite otherwise. */
  databaseUrl: string | undefined
  jwtSecret: string | undefined
  /** Origin of every link in mails; http://localhost:PORT outside production when unset. */
  appOrigin: string | undefined
  /**
   * The OpenAPI document and its UI at /api/docs: API_DOCS, else on outside production only (a
   * public map of every route helps whoever probes the server more than it helps its users).
   */
  apiDocs: boolean
  smtpUrl: string | undefined
  mailFrom: string
  /**
   * Demo data on an empty database: SEED=true or false, else undefined: on the embedded database
   * only (a PostgreSQL server may be reachable by others; a fresh one must have no known password).
   * Always false in production.
   */
  seed: boolean | undefined
  /** Set when SEED=true was ignored because NODE_ENV is production. */
  seedRefused: boolean
  trustProxy: boolean | number | string
  distDir: string
  mapStyleUrl: string | undefined
  /** Stripe when set; the built-in test payment provider otherwise. */
  stripeSecretKey: string | undefined
  stripeWebhookSecret: string | undefined
  /** Place search proxied to Nominatim when set; the embedded gazetteer otherwise. */
  nominatimUrl: string | undefined
  /** Uploads in an S3-compatible bucket when S3_BUCKET is set; DATA_DIR/uploads otherwise. */
  s3:
    | {
        bucket: string
        region: string
        endpoint: string | undefined
        accessKeyId: string | undefined
        secretAccessKey: string | undefined
        forcePathStyle: boolean
      }
    | undefined
  logLevel: string
  /**
   * Web Push's VAPID keys (base64url) when both are set; otherwise generated into DATA_DIR outside
   * production, and push stays off in production (server/services/push.ts).
   */
  vapid: { publicKey: string; privateKey: string } | undefined
  /** The contact push services see: VAPID_SUBJECT, else mailto: the MAIL_FROM address. */
  vapidSubject: string
  /**
   * The hosts (and their subdomains) a push subscription may point at: the server POSTs to that
   * address, so any https URL would let a user make it call services inside its network.
   */
  pushServiceHosts: string[]
  /**
   * The keys of the handoff codes (decision 034) from HANDOFF_SIGNING_KEY: the one private key
   * that signs, and earlier public keys still published for codes they signed. Unset outside
   * production: generated into DATA_DIR (server/services/handoff-keys.ts).
   */
  handoffKeys: HandoffKeySet | undefined
  /** How money is held, split and given back (decision 038). */
  money: MoneyRules
}

/** The money rules (decision 038), handed to the services that move money as a plain object. */
export interface MoneyRules {
  /** PAYOUT_HOLD_HOURS: how long after delivery the deliverer's share is released (decimal hours). */
  payoutHoldHours: number
  /** PLATFORM_FEE_PERCENT: Tote's share of what the sender finally paid (up to two decimals). */
  platformFeePercent: number
  /** AUTO_REFUND_DAYS: an accepted item not delivered this long after its deadline is refunded. */
  autoRefundDays: number
}

/** An EC P-256 key as a JWK; `d` only on the key that signs. */
export interface HandoffJwk {
  kty: 'EC'
  crv: 'P-256'
  x: string
  y: string
  d?: string | undefined
  kid: string
}
export interface HandoffKeySet {
  signing: HandoffJwk & { d: string }
  /** Public keys of earlier signing keys, kept published while codes they signed can be used. */
  previous: HandoffJwk[]
}

const b64url = z.string().regex(/^[A-Za-z0-9_-]+$/)
const handoffJwk = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: b64url,
  y: b64url,
  d: b64url.optional(),
  kid: z.string().trim().min(1).max(100),
})
/**
 * HANDOFF_SIGNING_KEY: a JWK Set (`{"keys":[…]}`) of EC P-256 keys, each with a kid; exactly one
 * holds its private part `d` and signs, the others are earlier keys' public parts
 * (npm run handoff-key makes and rotates it).
 */
export const handoffKeySet = z
  .string()
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON Web Key Set' })
      return z.NEVER
    }
  })
  .pipe(
    z.object(
      { keys: z.array(handoffJwk, 'must be a JSON Web Key Set of EC P-256 keys').min(1) },
      'must be a JSON Web Key Set',
    ),
  )
  .transform((set, ctx): HandoffKeySet => {
    const signing = set.keys.filter((k) => k.d)
    const kids = set.keys.map((k) => k.kid)
    const [only] = signing
    if (signing.length !== 1 || !only?.d)
      ctx.addIssue({ code: 'custom', message: 'must hold exactly one private key (with "d")' })
    else if (new Set(kids).size !== kids.length)
      ctx.addIssue({ code: 'custom', message: 'must give each key its own kid' })
    else return { signing: { ...only, d: only.d }, previous: set.keys.filter((k) => !k.d) }
    return z.NEVER
  })

/** The push services of Chrome/Edge/Android (FCM), Firefox, Windows and Safari/iOS. */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
]

/** Bytes a production JWT_SECRET needs at the least (HS256 wants a key as long as its hash). */
export const JWT_SECRET_MIN_BYTES = 32

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'].includes(v), {
    message: 'must be true or false',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const httpUrl = z
  .string()
  .trim()
  .refine(
    (v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol)
      } catch {
        return false
      }
    },
    { message: 'must be an http:// or https:// URL' },
  )

const trustProxy = z
  .string()
  .trim()
  .transform((v): boolean | number | string => {
    if (v === 'false') return false
    if (v === 'true') return true
    if (/^\d+$/.test(v)) return Number(v)
    return v // comma-separated addresses / CIDRs
  })

/** A base64url key of exactly `bytes` bytes (what web-push's key checks want). */
const base64urlBytes = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes,
      `must be ${what}: ${bytes} bytes in base64url (npx web-push generate-vapid-keys)`,
    )

/** Every variable Tote reads; an empty value counts as unset. */
const envSchema = z.object({
  NODE_ENV: z.string().trim().default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65535, 'must be a port number')
    .default(8080),
  HOST: z.string().trim().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  JWT_SECRET: z.string().optional(),
  APP_ORIGIN: httpUrl.transform((v) => new URL(v).origin).optional(),
  API_DOCS: flag.optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().trim().default('Tote <no-reply@tote.local>'),
  SEED: flag.optional(),
  TRUST_PROXY: trustProxy.default(false),
  DIST_DIR: z.string().default('./dist'),
  VITE_MAP_STYLE_URL: httpUrl.optional(),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  NOMINATIM_URL: httpUrl.transform((v) => v.replace(/\/+$/, '')).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  VAPID_PUBLIC_KEY: base64urlBytes(65, 'an uncompressed P-256 public key').optional(),
  VAPID_PRIVATE_KEY: base64urlBytes(32, 'a P-256 private key').optional(),
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be host names separated by commas')))
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  HANDOFF_SIGNING_KEY: handoffKeySet.optional(),
  PAYOUT_HOLD_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0, 'must be a number of hours, 0 or more')
    .max(24 * 90, 'must be at most 2160 hours (90 days)')
    .default(24),
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(0, 'must be between 0 and 100')
    .max(100, 'must be between 0 and 100')
    .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), {
      message: 'must have at most two decimals',
    })
    .default(10),
  AUTO_REFUND_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days')
    .default(7),
})

/** Hosts an http:// APP_ORIGIN may name in production: links that never leave the machine. */
const LOOPBACK_ORIGIN_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/** The address in MAIL_FROM ('Tote <no-reply@tote.local>' or a bare address), for VAPID's mailto:. */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim()

/**
 * Reads and checks the environment. Throws ConfigError (every problem at once) for a malformed
 * value, and in production for a missing or plain-http APP_ORIGIN (but on this machine), a
 * JWT_SECRET under 32 bytes, no SMTP_URL or no HANDOFF_SIGNING_KEY: a production server never falls back to
 * request-derived or unencrypted links, a generated secret or the outbox.
 */
export function loadConfig(env: Env = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value?.trim()),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`),
    )
  const e = parsed.data
  const isProduction = e.NODE_ENV === 'production'
  if (isProduction) {
    const problems: string[] = []
    if (!e.APP_ORIGIN)
      problems.push('APP_ORIGIN must be set in production (the https:// address users open)')
    else if (!isEncryptedOrLocal(e.APP_ORIGIN))
      problems.push(
        `APP_ORIGIN must be an https:// address in production (got ${e.APP_ORIGIN}: links in mails would travel unencrypted); http:// is accepted only for localhost, 127.0.0.1 or [::1]`,
      )
    if (!e.JWT_SECRET || Buffer.byteLength(e.JWT_SECRET, 'utf8') < JWT_SECRET_MIN_BYTES)
      problems.push(
        `JWT_SECRET must be set in production, at least ${JWT_SECRET_MIN_BYTES} bytes (for example: openssl rand -base64 48)`,
      )
    if (!e.SMTP_URL) problems.push('SMTP_URL must be set in production (smtp://user:pass@host:587)')
    if (!e.HANDOFF_SIGNING_KEY)
      problems.push(
        'HANDOFF_SIGNING_KEY must be set in production, the same on every process (npm run handoff-key)',
      )
    if (problems.length) throw new ConfigError(problems)
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the SDK’s own credentials)',
    ])
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or neither)'])
  const fromAddress = mailAddress(e.MAIL_FROM)
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    appOrigin: e.APP_ORIGIN,
    apiDocs: e.API_DOCS ?? !isProduction,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seed: isProduction ? false : e.SEED,
    seedRefused: isProduction && e.SEED === true,
    trustProxy: e.TRUST_PROXY,
    distDir: path.resolve(e.DIST_DIR),
    mapStyleUrl: e.VITE_MAP_STYLE_URL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    nominatimUrl: e.NOMINATIM_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject:
      e.VAPID_SUBJECT ??
      (/^\S+@\S+$/.test(fromAddress) ? `mailto:${fromAddress}` : 'mailto:admin@localhost'),
    pushServiceHosts: e.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS,
    handoffKeys: e.HANDOFF_SIGNING_KEY,
    money: {
      payoutHoldHours: e.PAYOUT_HOLD_HOURS,
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
      autoRefundDays: e.AUTO_REFUND_DAYS,
    },
  }
}

/** An https:// origin, or an http:// one on this machine (a local production trial). */
function isEncryptedOrLocal(origin: string) {
  const url = new URL(origin)
  return url.protocol === 'https:' || LOOPBACK_ORIGIN_HOSTS.includes(url.hostname)
}

/** Whether HOST keeps the server on this machine (loopback only). */
export const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
