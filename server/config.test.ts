import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import { ConfigError, isLoopbackHost, loadConfig } from './config'
import { TEST_HANDOFF_SIGNING_KEY } from './testing/test-app'

const production = {
  NODE_ENV: 'production',
  APP_ORIGIN: 'https://tote.example/',
  JWT_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://mailer:secret@smtp.example:587',
  HANDOFF_SIGNING_KEY: TEST_HANDOFF_SIGNING_KEY,
}

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  return []
}

describe('configuration', () => {
  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(isLoopbackHost('127.0.0.1')).toBe(true)
    expect(isLoopbackHost('localhost')).toBe(true)
    expect(isLoopbackHost('0.0.0.0')).toBe(false)
    expect(isLoopbackHost('192.168.1.20')).toBe(false)
  })

  it('leaves seeding to the database kind unless SEED says (server/plugins/db.ts)', () => {
    expect(loadConfig({}).seed).toBeUndefined()
    expect(loadConfig({ SEED: 'false' }).seed).toBe(false)
    expect(loadConfig({ SEED: 'true' }).seed).toBe(true)
  })

  it('never seeds in production, even with SEED=true', () => {
    const config = loadConfig({ ...production, SEED: 'true' })
    expect(config.seed).toBe(false)
    expect(config.seedRefused).toBe(true)
  })

  it('starts in production with APP_ORIGIN, a 32-byte JWT_SECRET and SMTP_URL', () => {
    const config = loadConfig(production)
    expect(config.isProduction).toBe(true)
    expect(config.appOrigin).toBe('https://tote.example')
  })

  it('refuses production without APP_ORIGIN, JWT_SECRET or mail, naming each', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'APP_ORIGIN must be set in production (the https:// address users open)',
      'JWT_SECRET must be set in production, at least 32 bytes (for example: openssl rand -base64 48)',
      'SMTP_URL must be set in production (smtp://user:pass@host:587)',
      'HANDOFF_SIGNING_KEY must be set in production, the same on every process (npm run handoff-key)',
    ])
    expect(problemsOf({ ...production, APP_ORIGIN: '' })).toHaveLength(1)
    expect(problemsOf({ ...production, SMTP_URL: '' })).toHaveLength(1)
    // 31 bytes, and 16 two-byte characters (32 bytes, accepted).
    expect(problemsOf({ ...production, JWT_SECRET: 'x'.repeat(31) })).toEqual([
      expect.stringMatching(/^JWT_SECRET must be set in production, at least 32 bytes/),
    ])
    expect(problemsOf({ ...production, JWT_SECRET: 'é'.repeat(16) })).toEqual([])
  })

  it('refuses a plain-http APP_ORIGIN in production unless it is this machine', () => {
    expect(problemsOf({ ...production, APP_ORIGIN: 'http://tote.example' })).toEqual([
      'APP_ORIGIN must be an https:// address in production (got http://tote.example: links in mails would travel unencrypted); http:// is accepted only for localhost, 127.0.0.1 or [::1]',
    ])
    expect(problemsOf({ ...production, APP_ORIGIN: 'http://10.0.0.5:8080' })).toHaveLength(1)
    expect(problemsOf({ ...production, APP_ORIGIN: 'http://localhost.evil.example' })).toHaveLength(
      1,
    )
    for (const local of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080'])
      expect(problemsOf({ ...production, APP_ORIGIN: local }), local).toEqual([])
    // Outside production a LAN address over http stays fine (a phone testing a dev server).
    expect(problemsOf({ APP_ORIGIN: 'http://192.168.1.20:8080' })).toEqual([])
  })

  it('serves the API docs outside production only, unless API_DOCS says', () => {
    expect(loadConfig({}).apiDocs).toBe(true)
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false)
    expect(loadConfig(production).apiDocs).toBe(false)
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true)
    expect(problemsOf({ API_DOCS: 'sometimes' })).toEqual(['API_DOCS must be true or false'])
  })

  it('refuses malformed values with the variable named', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT must be a port number'])
    expect(problemsOf({ APP_ORIGIN: 'tote.example' })).toEqual([
      'APP_ORIGIN must be an http:// or https:// URL',
    ])
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toEqual([
      'DATABASE_URL must start with postgres://',
    ])
    expect(problemsOf({ SEED: 'maybe' })).toEqual(['SEED must be true or false'])
  })

  it('reads the money settings with their defaults, and refuses wrong ones naming the variable', () => {
    expect(loadConfig({}).money).toEqual({
      payoutHoldHours: 24,
      platformFeePercent: 10,
      autoRefundDays: 7,
    })
    expect(
      loadConfig({ PAYOUT_HOLD_HOURS: '0.5', PLATFORM_FEE_PERCENT: '12.5', AUTO_REFUND_DAYS: '14' })
        .money,
    ).toEqual({ payoutHoldHours: 0.5, platformFeePercent: 12.5, autoRefundDays: 14 })
    expect(problemsOf({ PAYOUT_HOLD_HOURS: 'a day' })).toEqual([
      'PAYOUT_HOLD_HOURS must be a number of hours',
    ])
    expect(problemsOf({ PAYOUT_HOLD_HOURS: '-1' })).toEqual([
      'PAYOUT_HOLD_HOURS must be a number of hours, 0 or more',
    ])
    expect(problemsOf({ PLATFORM_FEE_PERCENT: '150' })).toEqual([
      'PLATFORM_FEE_PERCENT must be between 0 and 100',
    ])
    expect(problemsOf({ PLATFORM_FEE_PERCENT: '12.345' })).toEqual([
      'PLATFORM_FEE_PERCENT must have at most two decimals',
    ])
    expect(problemsOf({ AUTO_REFUND_DAYS: '1.5' })).toEqual([
      'AUTO_REFUND_DAYS must be a whole number of days',
    ])
    expect(problemsOf({ AUTO_REFUND_DAYS: '0' })).toEqual([
      'AUTO_REFUND_DAYS must be at least 1 day',
    ])
  })
  it('reads the object store from S3_*, and refuses a wrong one naming the variable', () => {
    expect(loadConfig({}).s3).toBeUndefined()
    expect(
      loadConfig({
        S3_BUCKET: 'tote-uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'tote-uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    expect(problemsOf({ S3_BUCKET: 'Tote Uploads' })).toEqual([
      'S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -)',
    ])
    expect(problemsOf({ S3_BUCKET: 'tote', S3_ENDPOINT: 'minio:9000' })).toEqual([
      'S3_ENDPOINT must be an http:// or https:// URL',
    ])
    expect(problemsOf({ S3_BUCKET: 'tote', S3_ACCESS_KEY_ID: 'id' })).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/),
    ])
  })

  it('reads the VAPID keys and subject, and refuses a wrong one naming the variable', () => {
    const keys = webpush.generateVAPIDKeys()
    const both = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }
    expect(loadConfig(both)).toMatchObject({
      vapid: keys,
      vapidSubject: 'mailto:no-reply@tote.local',
    })
    expect(loadConfig({ MAIL_FROM: 'ops@tote.example' }).vapidSubject).toBe(
      'mailto:ops@tote.example',
    )
    expect(loadConfig({ MAIL_FROM: 'Tote' }).vapidSubject).toBe('mailto:admin@localhost')
    expect(loadConfig({ VAPID_SUBJECT: 'https://tote.example' }).vapidSubject).toBe(
      'https://tote.example',
    )
    expect(loadConfig({}).vapid).toBeUndefined()
    expect(problemsOf({ VAPID_PUBLIC_KEY: keys.publicKey })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or neither)',
    ])
    expect(problemsOf({ ...both, VAPID_PRIVATE_KEY: 'short' })).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY must be a P-256 private key/),
    ])
    expect(problemsOf({ VAPID_SUBJECT: 'admin@tote.example' })).toEqual([
      'VAPID_SUBJECT must be a mailto: address or an https:// URL',
    ])
  })
})
