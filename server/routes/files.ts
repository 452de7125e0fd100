import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DomainError } from '../errors'
import { readableFile, sanitizeFileName, storageError } from '../services/files'
import { ObjectNotFoundError } from '../services/storage/object-store'
import { requireUser } from '../plugins/auth'

const FILE_NOT_FOUND = 'No proof of travel document found'

/**
 * GET /api/proof-of-travel/{file_path}: any stored file (proof of travel, proof of delivery,
 * information-request files) by its id, to whoever may read it (readableFile); everyone else 404.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/proof-of-travel/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored document (PDF or image) by its id',
        security: [{ bearerAuth: [] }],
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const fileId = decodeURIComponent((request.params as { '*': string })['*'] ?? '')
      const file = await readableFile(app.db, requireUser(request), fileId)
      if (!file) throw new DomainError('FILE_NOT_FOUND', FILE_NOT_FOUND)
      // Streamed from the store (local folder or bucket), never a public link to it.
      let object
      try {
        object = await app.storage.get(file.diskName)
      } catch (err) {
        if (err instanceof ObjectNotFoundError)
          throw new DomainError('FILE_NOT_FOUND', FILE_NOT_FOUND)
        throw storageError(err)
      }
      const name = sanitizeFileName(file.originalName || 'document').replace(/"/g, '')
      return reply
        .header('content-type', file.mime)
        .header('content-length', object.size)
        .header(
          'content-disposition',
          `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(object.body)
    },
  )
}
