import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { and, count, eq, inArray } from 'drizzle-orm'
import sharp, { type Metadata, type Sharp } from 'sharp'
import { isUuid } from '../../contract/ids'
import { type ItemPhoto } from '../../contract/item-photos'
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGAPIXELS,
  MAX_PHOTOS,
  MAX_WHOLE_DECODE_MEGAPIXELS,
  PHOTO_LONG_SIDE,
  photoMessages,
  THUMB_LONG_SIDE,
} from '../../contract/photo-rules'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { deliveryRequests, itemPhotos, items, storedFiles } from '../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import { availableTo } from './corridor'
import { detectMime, insertStoredFile, storageError, type UploadedFile, type Viewer } from './files'
import type { ObjectStore } from './storage/object-store'
import { WorkSlots } from './work-slots'

interface ProcessedPhoto {
  full: Buffer
  thumb: Buffer
  width: number
  height: number
}

/**
 * Decodes run at most one per core at a time; other uploads wait for a slot (decision 028). Each
 * server process has its own slots.
 */
export const photoSlots = new WorkSlots(availableParallelism())

const MEGAPIXEL = 1_000_000
const fitInside = (side: number) =>
  ({ width: side, height: side, fit: 'inside', withoutEnlargement: true }) as const

/**
 * The pixel budget of an image by its header, before anything is decoded (decision 028). Baseline
 * JPEG and WebP are decoded already shrunk towards 1600 px (libvips' shrink-on-load), so a 48 MP
 * phone photo costs little; PNG (interlaced above all) and progressive JPEG are decoded whole, a
 * 7000 × 7000 one taking 200–300 MB, so they get what a screenshot needs.
 */
async function checkPixels(buffer: Buffer, mime: 'image/jpeg' | 'image/png' | 'image/webp') {
  let meta: Metadata
  try {
    meta = await sharp(buffer).metadata()
  } catch {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', photoMessages.unreadable)
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0)
  const whole = mime === 'image/png' || (mime === 'image/jpeg' && meta.isProgressive)
  if (whole && pixels > MAX_WHOLE_DECODE_MEGAPIXELS * MEGAPIXEL)
    throw new DomainError('PAYLOAD_TOO_LARGE', photoMessages.wholePixels)
  if (pixels > MAX_PHOTO_MEGAPIXELS * MEGAPIXEL)
    throw new DomainError('PAYLOAD_TOO_LARGE', photoMessages.pixels)
}

/**
 * JPEG, PNG or WebP by its bytes (the name and the claimed type are ignored; SVG, PDF, anything
 * else is a 415), within its pixel budget, then re-encoded as JPEG: turned upright by its EXIF
 * orientation, at most 1600 px and a 320 px thumbnail. Decoded once, in a slot: to the 1600 px
 * pixels, from which both JPEGs are written. sharp writes no metadata unless asked (no
 * withMetadata), so GPS, camera and every other EXIF/XMP/IPTC field is gone from what is stored.
 */
export async function processPhoto(buffer: Buffer): Promise<ProcessedPhoto> {
  if (buffer.length > MAX_PHOTO_BYTES)
    throw new DomainError('PAYLOAD_TOO_LARGE', photoMessages.size)
  const mime = detectMime(buffer)
  if (mime !== 'image/jpeg' && mime !== 'image/png' && mime !== 'image/webp')
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', photoMessages.type)
  await checkPixels(buffer, mime)
  return photoSlots.run(async () => {
    try {
      // autoOrient, resize and nothing that needs the whole image before it (no extract, trim or
      // colourspace): what lets libvips shrink a JPEG or WebP while decoding it.
      const { data, info } = await sharp(buffer, {
        failOn: 'error',
        limitInputPixels: MAX_PHOTO_MEGAPIXELS * MEGAPIXEL,
        autoOrient: true,
      })
        .resize(fitInside(PHOTO_LONG_SIDE))
        // PNG transparency becomes white rather than JPEG's black.
        .flatten({ background: '#ffffff' })
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true })
      const raw = { width: info.width, height: info.height, channels: info.channels }
      const jpeg = (image: Sharp) => image.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
      const [full, thumb] = await Promise.all([
        jpeg(sharp(data, { raw })),
        jpeg(sharp(data, { raw }).resize(fitInside(THUMB_LONG_SIDE))),
      ])
      return { full, thumb, width: info.width, height: info.height }
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', photoMessages.unreadable)
    }
  })
}

/** The sender's own item, locked for the photo write; 404 when it is not theirs. */
async function lockOwnItem(tx: Db, itemId: string, senderId: string) {
  const [row] = await tx
    .select({ id: items.id, status: items.status })
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.senderId, senderId)))
    .for('update')
  if (!row) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  if (row.status === 'cancelled' || row.status === 'delivered')
    throw new DomainError('BAD_TRANSITION', photoMessages.closed)
}

export async function listPhotos(db: Db, itemId: string): Promise<ItemPhoto[]> {
  return db
    .select({ id: itemPhotos.id, width: itemPhotos.width, height: itemPhotos.height })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, itemId))
    .orderBy(itemPhotos.createdAt, itemPhotos.id)
}

/**
 * Adds a photo to the sender's item. Order as in docs/decisions/014: checks and re-encoding first
 * (nothing written on a refusal), the two objects put before the transaction, the rows inside it
 * under the item's lock (so two uploads at once cannot make a sixth photo); when the transaction
 * fails or refuses, the objects are deleted again.
 */
export async function addPhoto(
  db: Db,
  store: ObjectStore,
  opts: { itemId: string; sender: Viewer; file: UploadedFile },
): Promise<ItemPhoto> {
  const { itemId, sender, file } = opts
  // Refuse early, before decoding, when the item is not theirs or already full.
  await db.transaction(async (tx) => {
    await lockOwnItem(tx, itemId, sender.id)
    await ensureRoom(tx, itemId)
  })
  const photo = await processPhoto(file.buffer)
  const fullKey = randomBytes(16).toString('hex')
  const thumbKey = randomBytes(16).toString('hex')
  const keys = [fullKey, thumbKey]
  try {
    await Promise.all([
      store.put(fullKey, photo.full, 'image/jpeg'),
      store.put(thumbKey, photo.thumb, 'image/jpeg'),
    ])
  } catch (err) {
    await Promise.all(keys.map((k) => store.delete(k).catch(() => {})))
    throw storageError(err)
  }
  try {
    return await db.transaction(async (tx) => {
      await lockOwnItem(tx, itemId, sender.id)
      await ensureRoom(tx, itemId)
      const stored = (key: string, body: Buffer, suffix: string) =>
        insertStoredFile(
          tx,
          {
            diskName: key,
            mime: 'image/jpeg',
            size: body.length,
            originalName: `photo${suffix}.jpg`,
          },
          { ownerId: sender.id, kind: 'item_photo' },
        )
      const fileId = await stored(fullKey, photo.full, '')
      const thumbFileId = await stored(thumbKey, photo.thumb, '-thumb')
      return one(
        await tx
          .insert(itemPhotos)
          .values({ itemId, fileId, thumbFileId, width: photo.width, height: photo.height })
          .returning({ id: itemPhotos.id, width: itemPhotos.width, height: itemPhotos.height }),
        'item photo',
      )
    })
  } catch (err) {
    await Promise.all(keys.map((k) => store.delete(k).catch(() => {})))
    throw err
  }
}

async function ensureRoom(tx: Db, itemId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, itemId))
  if (Number(row?.n ?? 0) >= MAX_PHOTOS)
    throw new DomainError('TOO_MANY_PHOTOS', photoMessages.limit)
}

/** Removes a photo of the sender's item: its rows, then its objects (a failed delete is an orphan the housekeeping purges). */
export async function removePhoto(
  db: Db,
  store: ObjectStore,
  opts: { itemId: string; photoId: string; sender: Viewer },
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    await lockOwnItem(tx, opts.itemId, opts.sender.id)
    const [photo] = await tx
      .delete(itemPhotos)
      .where(and(eq(itemPhotos.id, opts.photoId), eq(itemPhotos.itemId, opts.itemId)))
      .returning()
    if (!photo) throw new DomainError('PHOTO_NOT_FOUND', photoMessages.notFound)
    const files = await tx
      .delete(storedFiles)
      .where(inArray(storedFiles.id, [photo.fileId, photo.thumbFileId]))
      .returning({ diskName: storedFiles.diskName })
    return files.map((f) => f.diskName)
  })
  await Promise.all(keys.map((k) => store.delete(k).catch(() => {})))
}

/**
 * The stored file of a photo when `viewer` may see the item, else null (callers answer 404).
 * Sender: their own items. Admin: any. Deliverer: an item available to them, or one they asked
 * to carry (the same items GET /api/item/{id} shows them).
 */
export async function readablePhoto(
  db: Db,
  viewer: Viewer,
  photoId: string,
  size: 'full' | 'thumb',
) {
  if (!isUuid(photoId)) return null
  const [photo] = await db
    .select({
      itemId: itemPhotos.itemId,
      fileId: itemPhotos.fileId,
      thumbFileId: itemPhotos.thumbFileId,
      senderId: items.senderId,
    })
    .from(itemPhotos)
    .innerJoin(items, eq(items.id, itemPhotos.itemId))
    .where(eq(itemPhotos.id, photoId))
  if (!photo) return null
  const allowed =
    viewer.role === 'admin' ||
    (viewer.role === 'sender' && photo.senderId === viewer.id) ||
    (viewer.role === 'deliverer' && (await delivererSees(db, photo.itemId, viewer.id)))
  if (!allowed) return null
  const fileId = size === 'full' ? photo.fileId : photo.thumbFileId
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId))
  return file ?? null
}

async function delivererSees(db: Db, itemId: string, delivererId: string): Promise<boolean> {
  const [available] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, itemId), availableTo(delivererId)))
  if (available) return true
  const [requested] = await db
    .select({ id: deliveryRequests.id })
    .from(deliveryRequests)
    .where(and(eq(deliveryRequests.itemId, itemId), eq(deliveryRequests.delivererId, delivererId)))
    .limit(1)
  return Boolean(requested)
}
