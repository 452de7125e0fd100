// The limits and words the PWA shows without building the calls' zod schemas (a module's
// schemas are all built when it is first imported: decision 054). Item photos.

/** Item photos (docs/decisions/018-item-photos.md). The server checks the bytes. */
export const MAX_PHOTOS = 5
/** A 48-megapixel phone JPEG is 8–15 MB and the PWA sends it as it is (decision 028). */
const MAX_PHOTO_MB = 20
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024
/**
 * Pixel limits read from the header before decoding (decision 028): baseline JPEG and WebP are
 * decoded already shrunk towards 1600 px, so a 48 MP phone photo passes; PNG and progressive JPEG
 * must be decoded whole, so they get what a screenshot needs.
 */
export const MAX_PHOTO_MEGAPIXELS = 50
export const MAX_WHOLE_DECODE_MEGAPIXELS = 16
/** Long side of the stored photo and of its thumbnail, in pixels. */
export const PHOTO_LONG_SIDE = 1600
export const THUMB_LONG_SIDE = 320
/** The accept attribute of the photo picker (a hint only). */
export const photoAccept = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp'
export const photoSizes = ['full', 'thumb'] as const
export type PhotoSize = (typeof photoSizes)[number]

export const photoMessages = {
  type: 'Photos must be JPEG, PNG or WebP images.',
  size: `Each photo must be ${MAX_PHOTO_MB} MB or smaller.`,
  pixels: `Photos can be at most ${MAX_PHOTO_MEGAPIXELS} megapixels.`,
  wholePixels: `PNG and progressive JPEG images can be at most ${MAX_WHOLE_DECODE_MEGAPIXELS} megapixels. Please send a smaller image or a standard JPEG photo.`,
  limit: `An item can have at most ${MAX_PHOTOS} photos.`,
  missing: 'Choose a photo to upload.',
  unreadable: 'This photo could not be read. Please choose another JPEG, PNG or WebP image.',
  closed: 'Photos can no longer be changed on this item.',
  notFound: 'Photo not found',
  added: 'Photo added',
  removed: 'Photo removed',
} as const
