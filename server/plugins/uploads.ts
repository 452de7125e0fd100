import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { DomainError } from '../errors'
import { MULTIPART_LIMITS, type MultipartForm, type MultipartOptions } from '../services/files'
import { readMultipart } from './read-multipart'

/**
 * The form of a route whose preHandler is `app.multipartForm(…)`. Without it it is a programming
 * error, answered as a 500 rather than read as an empty form.
 */
export function requireForm(request: FastifyRequest): MultipartForm {
  if (!request.form) throw new Error('requireForm() on a route without multipartForm')
  return request.form
}

/**
 * @fastify/multipart, registered once with the upload limits (2 MB file, one file, 20 fields of
 * 10 KB). Multipart routes read their body with the `app.multipartForm(…)` preHandler into
 * `request.form`, or with `readMultipart` (./read-multipart.ts).
 * Routes declaring a JSON body schema refuse a multipart body with 415 instead of a puzzling 400.
 * Register before the routes.
 */
export const uploadsPlugin = fp(
  async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true })

    // Read before the Idempotency-Key is claimed: a torn or refused upload never claims a key,
    // and the key's fingerprint covers the fields and the file's bytes.
    app.decorateRequest('form', null)
    app.decorate('multipartForm', (opts: MultipartOptions) => async (request: FastifyRequest) => {
      request.form = await readMultipart(request, opts)
    })

    app.addHook('onRoute', (route) => {
      if (!route.schema?.body) return
      const refuseMultipart = async (request: { isMultipart(): boolean }) => {
        if (request.isMultipart())
          throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'This request must be sent as JSON')
      }
      const existing = route.preValidation
      route.preValidation = existing
        ? [refuseMultipart, ...(Array.isArray(existing) ? existing : [existing])]
        : refuseMultipart
    })
  },
  { name: 'uploads', dependencies: ['security'] },
)
