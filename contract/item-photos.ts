import { z } from 'zod'
import { uuidOf, uuidWith } from './ids'
import { envelope } from './envelope'
import { photoMessages, photoSizes } from './photo-rules'

export const itemPhoto = z.object({
  id: z.string(),
  /** Of the stored (resized) photo. */
  width: z.number().int(),
  height: z.number().int(),
})
export type ItemPhoto = z.infer<typeof itemPhoto>

export const itemPhotoParams = z.object({ id: uuidOf('item') })
export const itemPhotoDeleteParams = z.object({
  id: uuidOf('item'),
  photoId: uuidWith(photoMessages.notFound),
})
export const photoFileParams = z.object({
  photoId: z.string().max(100),
  size: z.enum(photoSizes, { error: 'Size must be full or thumb' }),
})

export const itemPhotoAnswer = envelope(z.object({ photo: itemPhoto, photos: z.array(itemPhoto) }))
