import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import helmet from '@fastify/helmet'
import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { Config } from '../config'
import { ERROR_STATUS, type ErrorCode } from '../../contract/error-codes'
import { codeOfStatus, DomainError, NUL_IN_TEXT } from '../errors'

const origin = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined
  } catch {
    return undefined
  }
}

/** The Content-Security-Policy the built PWA runs under (Stripe, MapLibre blob workers, emotion styles). */
/** The app's default map style host (src/components/map-style.ts, decision 016): its style, tiles,
 * glyphs and sprites all come from this one origin. */
export const DEFAULT_MAP_ORIGIN = 'https://tiles.openfreemap.org'

/**
 * Hashes of the built index.html's inline scripts (the colour mode set before the first paint),
 * so CSP allows exactly those and no other inline script. Read from the build the server serves.
 */
function inlineScriptHashes(distDir: string | undefined): string[] {
  if (!distDir) return []
  let html: string
  try {
    html = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  } catch {
    return []
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  )
}

export function cspDirectives(config: Pick<Config, 'mapStyleUrl'> & { distDir?: string }) {
  const mapOrigin = origin(config.mapStyleUrl)
  // A configured tile style usually pulls tiles, glyphs and sprites from further hosts: allow https.
  const mapSources = mapOrigin ? [mapOrigin, 'https:'] : [DEFAULT_MAP_ORIGIN]
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com', ...inlineScriptHashes(config.distDir)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https://api.stripe.com', ...mapSources],
    workerSrc: ["'self'", 'blob:'],
    // blob: lets the in-app document viewer show a downloaded PDF; Stripe Elements use frames.
    frameSrc: ["'self'", 'blob:', 'https://js.stripe.com', 'https://hooks.stripe.com'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  }
}

type FieldErrors = Record<string, string[]>

/** Whether any string in a parsed body, query or params holds U+0000 (PostgreSQL text cannot). */
function containsNul(value: unknown): boolean {
  // A loop, not recursion: a 64 KB body can nest thousands of levels deep.
  const stack: unknown[] = [value]
  while (stack.length) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (v.includes('\0')) return true
    } else if (v && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v)) {
        if (key.includes('\0')) return true
        stack.push(inner)
      }
    }
  }
  return false
}

/** Turns the provider's zod issues into `{ message: first problem, errors: { field: [messages] } }`. */
function validationAnswer(error: FastifyError) {
  const errors: FieldErrors = {}
  let first: string | undefined
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const rootMissing = field === '' && /expected object/i.test(issue.message ?? '')
    const message = rootMissing
      ? 'The request is missing its fields'
      : (issue.message ?? 'Invalid value')
    const key = field || '_'
    ;(errors[key] ??= []).push(message)
    first ??= message
  }
  return { message: first ?? 'Invalid request', errors }
}

/** Helmet (CSP, nosniff…), and the one error handler that answers every failure as an envelope. */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(app.config) },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    })

    // After auth (route onRequest hooks) and before any schema: a NUL in any text is a 400, never a
    // database error.
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params))
        throw new DomainError('VALIDATION_FAILED', NUL_IN_TEXT)
    })

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const answer = (code: ErrorCode, message: string, errors?: FieldErrors) =>
        reply
          .code(ERROR_STATUS[code])
          .send({ success: false, message, code, ...(errors ? { errors } : {}) })
      if (hasZodFastifySchemaValidationErrors(error)) {
        const { message, errors } = validationAnswer(error)
        return answer('VALIDATION_FAILED', message, errors)
      }
      if (error instanceof DomainError) {
        if (error.details.retryAfterS !== undefined)
          reply.header('retry-after', String(error.details.retryAfterS))
        return answer(error.code, error.message, error.details.errors)
      }
      // Fastify's own errors (and anything unexpected): a code by what went wrong.
      const status = error.statusCode ?? 500
      let code: ErrorCode
      let message: string
      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          code = 'PAYLOAD_TOO_LARGE'
          message = 'Request body is too large'
          break
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          code = 'UNSUPPORTED_MEDIA_TYPE'
          message = 'Unsupported content type'
          break
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          code = 'MALFORMED_BODY'
          message = 'The request body is empty'
          break
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          code = 'MALFORMED_BODY'
          message = 'The request body is not valid JSON'
          break
        default:
          if (status === 429) {
            code = 'RATE_LIMITED'
            message = 'Too many requests. Please try again later.'
          } else if (status >= 500 || status < 400) {
            code = 'INTERNAL'
            message = 'Something went wrong. Please try again.'
          } else if (error instanceof SyntaxError) {
            code = 'MALFORMED_BODY'
            message = 'The request body is not valid JSON'
          } else {
            code = codeOfStatus(status)
            message = error.message
          }
      }
      if (code === 'INTERNAL') request.log.error({ err: error }, 'request failed')
      return answer(code, message)
    })
  },
  { name: 'security', dependencies: ['config'] },
)
