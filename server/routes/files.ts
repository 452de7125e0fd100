import { readFile } from 'node:fs/promises'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { httpError } from '../errors'
import { diskPathOf, readableFile, sanitizeFileName } from '../services/files'

export const FILE_NOT_FOUND = 'No proof of travel document found'

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
      const file = await readableFile(app.db, request.user!, fileId)
      if (!file) throw httpError(404, FILE_NOT_FOUND)
      let bytes: Buffer
      try {
        bytes = await readFile(diskPathOf(app.config.dataDir, file.diskName))
      } catch {
        throw httpError(404, FILE_NOT_FOUND)
      }
      const name = sanitizeFileName(file.originalName || 'document').replace(/"/g, '')
      return reply
        .header('content-type', file.mime)
        .header('content-length', bytes.length)
        .header(
          'content-disposition',
          `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes)
    },
  )
}
