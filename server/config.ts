import path from 'node:path'

export type Env = Record<string, string | undefined>

export interface Config {
  nodeEnv: string
  isProduction: boolean
  port: number
  host: string
  dataDir: string
  /** PostgreSQL when set; embedded PGlite in DATA_DIR/pglite otherwise. */
  databaseUrl: string | undefined
  jwtSecret: string | undefined
  /** Origin used in mail links; the request's origin when unset. */
  appOrigin: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** Demo data on an empty database (never in production). */
  seed: boolean
  trustProxy: boolean | number | string
  distDir: string
  mapStyleUrl: string | undefined
  /** Stripe when both keys are set; the built-in test payment provider otherwise. */
  stripeSecretKey: string | undefined
  stripeWebhookSecret: string | undefined
  /** Place search proxied to Nominatim when set; the embedded gazetteer otherwise. */
  nominatimUrl: string | undefined
  logLevel: string
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === ''
    ? fallback
    : !['0', 'false', 'no', 'off'].includes(value.toLowerCase())

function trustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value // comma-separated addresses / CIDRs
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development'
  const isProduction = nodeEnv === 'production'
  const port = Number(env.PORT || 8080)
  return {
    nodeEnv,
    isProduction,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    appOrigin: env.APP_ORIGIN ? env.APP_ORIGIN.replace(/\/+$/, '') : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Tote <no-reply@tote.local>',
    seed: !isProduction && flag(env.SEED, true),
    trustProxy: trustProxy(env.TRUST_PROXY),
    distDir: path.resolve(env.DIST_DIR || './dist'),
    mapStyleUrl: env.VITE_MAP_STYLE_URL || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    nominatimUrl: env.NOMINATIM_URL ? env.NOMINATIM_URL.replace(/\/+$/, '') : undefined,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info'),
  }
}
