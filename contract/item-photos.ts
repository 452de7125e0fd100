import { z } from 'zod'
import { uuidOf, uuidWith } from './ids'
import { envelope } from './envelope'

/** Item photos (issue 14, docs/decisions/018-item-photos.md). The server checks the bytes. */
export const MAX_PHOTOS = 5
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
/** Long side of the stored photo and of its thumbnail, in pixels. */
export const PHOTO_LONG_SIDE = 1600
export const THUMB_LONG_SIDE = 320
/** The accept attribute of the photo picker (a hint only). */
export const photoAccept = 'image/jpeg,image/png,.jpg,.jpeg,.png'
const photoSizes = ['full', 'thumb'] as const
export type PhotoSize = (typeof photoSizes)[number]

export const photoMessages = {
  type: 'Photos must be JPEG or PNG images.',
  size: 'Each photo must be 5 MB or smaller.',
  limit: `An item can have at most ${MAX_PHOTOS} photos.`,
  missing: 'Choose a photo to upload.',
  unreadable: 'This photo could not be read. Please choose another JPEG or PNG image.',
  closed: 'Photos can no longer be changed on this item.',
  notFound: 'Photo not found',
  added: 'Photo added',
  removed: 'Photo removed',
} as const

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
