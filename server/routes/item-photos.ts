import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  itemPhotoAnswer,
  itemPhotoDeleteParams,
  itemPhotoParams,
  photoFileParams,
} from '../../contract/item-photos'
import { photoMessages } from '../../contract/photo-rules'
import { messageOnly } from '../../contract/envelope'
import { DomainError, tooManyRequests } from '../errors'
import { storageError } from '../services/files'
import { addPhoto, listPhotos, readablePhoto, removePhoto } from '../services/item-photos'
import { ObjectNotFoundError } from '../services/storage/object-store'
import { hit, LIMITS, TOO_MANY } from '../services/throttle'
import { requireUser } from '../plugins/auth'
import { readPhotoUpload } from '../plugins/read-multipart'

const tags = ['item photos']
const security = [{ bearerAuth: [] }]

/**
 * Item photos (docs/decisions/018-item-photos.md): the sender adds (multipart, field
 * `photo`) and removes them; the sender, admins and deliverers who may see the item read them.
 */
export const itemPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const sender = app.requireRole('sender')

  app.post(
    '/items/:id/photos',
    {
      schema: {
        tags,
        summary:
          'Add a photo to one of your items (JPEG, PNG or WebP, at most 20 MB, 5 photos an item, 60 uploads an hour)',
        security,
        consumes: ['multipart/form-data'],
        params: itemPhotoParams,
        response: { 201: itemPhotoAnswer },
      },
      onRequest: sender,
    },
    async (request, reply) => {
      const user = requireUser(request)
      // Counted before the body is read: a throttled sender costs no decode (decision 028).
      const key = `photos:user:${user.id}`
      const verdict = await hit(app.db, key, LIMITS.photoUploadsPerUser)
      if (!verdict.allowed) throw tooManyRequests(TOO_MANY.photoUploads, verdict.retryAfterS)
      const file = await readPhotoUpload(request)
      const photo = await addPhoto(app.db, app.storage, {
        itemId: request.params.id,
        sender: user,
        file,
      })
      const photos = await listPhotos(app.db, request.params.id)
      return reply
        .code(201)
        .send({ success: true, message: photoMessages.added, data: { photo, photos } })
    },
  )

  app.delete(
    '/items/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Remove a photo from one of your items',
        security,
        params: itemPhotoDeleteParams,
        response: { 200: messageOnly },
      },
      onRequest: sender,
    },
    async (request) => {
      const { id: itemId, photoId } = request.params
      await removePhoto(app.db, app.storage, { itemId, photoId, sender: requireUser(request) })
      return { success: true, message: photoMessages.removed }
    },
  )

  app.get(
    '/item-photos/:photoId/:size',
    {
      schema: {
        tags,
        summary: 'A photo (full or thumb) of an item you may see',
        security,
        params: photoFileParams,
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { photoId, size } = request.params
      const file = await readablePhoto(app.db, requireUser(request), photoId, size)
      if (!file) throw new DomainError('PHOTO_NOT_FOUND', photoMessages.notFound)
      let object
      try {
        object = await app.storage.get(file.diskName)
      } catch (err) {
        if (err instanceof ObjectNotFoundError)
          throw new DomainError('PHOTO_NOT_FOUND', photoMessages.notFound)
        throw storageError(err)
      }
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-length', object.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(object.body)
    },
  )
}
