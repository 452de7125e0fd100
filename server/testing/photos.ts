import { randomBytes } from 'node:crypto'
import sharp from 'sharp'

/**
 * A 48-megapixel (8000 × 6000) baseline JPEG about as heavy as a phone's: its top quarter is noise
 * (costly to decode, as detail is), the rest one colour, ~10 MB in all. Made in about a second;
 * gaussian noise from sharp takes fifteen times longer.
 */
export async function phoneSizedJpeg(): Promise<Buffer> {
  const width = 8000
  const height = 6000
  const pixels = Buffer.alloc(width * height * 3, 0x80)
  randomBytes((width * height * 3) / 4).copy(pixels)
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** A big image of one colour: small as a file, large once decoded. */
export const plainImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
