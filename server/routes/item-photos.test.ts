import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemPhotos, storedFiles } from '../db/schema'
import { LIMITS } from '../services/throttle'
import {
  approveSending,
  bearer,
  createItem,
  createRequest,
  createUser,
  multipart,
  TINY_PNG,
  type TestUser,
} from '../testing/fixtures'
import { phoneSizedJpeg, plainImage } from '../testing/photos'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

/** A JPEG photo with GPS coordinates, a camera make and a comment in its EXIF. */
async function jpegWithGps(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000', ImageDescription: 'my home' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '46/1 12/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '6/1 8/1 4000/100',
      },
    })
    .toBuffer()
}

// Made once for both databases.
let phonePhoto: Buffer, interlaced: Buffer, progressive: Buffer
beforeAll(async () => {
  phonePhoto = await phoneSizedJpeg()
  // Small files (one colour) that would take 150–300 MB each to decode.
  interlaced = await plainImage(7000, 7000).png({ progressive: true }).toBuffer()
  progressive = await plainImage(7000, 7000).jpeg({ progressive: true }).toBuffer()
})

describe.each(backends)('item photos on %s', (backend) => {
  let t: TestApp
  let admin: TestUser, sender: TestUser, otherSender: TestUser, deliverer: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
    sender = await createUser(t.app, { role: 'sender' })
    otherSender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  const upload = async (
    user: TestUser,
    itemId: string,
    content: Buffer,
    filename = 'photo.jpg',
    type = 'image/jpeg',
  ) => {
    const form = await multipart({}, { field: 'photo', filename, content, type })
    return t.app.inject({
      method: 'POST',
      url: `/api/items/${itemId}/photos`,
      payload: form.payload,
      headers: { ...bearer(user), ...form.headers },
    })
  }
  const download = (user: TestUser, photoId: string, size: 'full' | 'thumb') =>
    t.app.inject({
      method: 'GET',
      url: `/api/item-photos/${photoId}/${size}`,
      headers: bearer(user),
    })
  /** Rows and objects: what "nothing stored" is checked against. */
  const stored = async () => {
    let objects = 0
    for await (const _ of t.app.storage.list()) objects++
    return {
      photos: (await t.app.db.select().from(itemPhotos)).length,
      files: (await t.app.db.select().from(storedFiles)).length,
      objects,
    }
  }

  it('stores a re-encoded photo without its GPS and camera metadata', async () => {
    const item = await createItem(t.app, sender.id)
    const original = await jpegWithGps()
    const before = await sharp(original).metadata()
    expect(before.exif?.toString('latin1')).toContain('SpyCam')
    expect(before.exif?.length).toBeGreaterThan(0)

    const res = await upload(sender, item.id, original)
    expect(res.statusCode).toBe(201)
    const { photo, photos } = res.json().data
    expect(photos).toEqual([photo])
    expect(photo).toMatchObject({ width: 800, height: 600 })

    for (const size of ['full', 'thumb'] as const) {
      const got = await download(sender, photo.id, size)
      expect(got.statusCode).toBe(200)
      expect(got.headers['content-type']).toBe('image/jpeg')
      const meta = await sharp(got.rawPayload).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.iptc).toBeUndefined()
      expect(got.rawPayload.toString('latin1')).not.toContain('SpyCam')
      expect(got.rawPayload.toString('latin1')).not.toContain('my home')
    }
  })

  it('resizes to 1600 px on the long side and a 320 px thumbnail, PNG too', async () => {
    const item = await createItem(t.app, sender.id)
    const big = await sharp({
      create: { width: 3200, height: 2000, channels: 4, background: '#00000000' },
    })
      .png()
      .toBuffer()
    const res = await upload(sender, item.id, big, 'wide.png', 'image/png')
    expect(res.statusCode).toBe(201)
    const { photo } = res.json().data
    expect(photo).toMatchObject({ width: 1600, height: 1000 })
    const full = await sharp((await download(sender, photo.id, 'full')).rawPayload).metadata()
    const thumb = await sharp((await download(sender, photo.id, 'thumb')).rawPayload).metadata()
    expect([full.format, full.width, full.height]).toEqual(['jpeg', 1600, 1000])
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 320, 200])
    // A small photo is not blown up.
    const small = await upload(sender, item.id, TINY_PNG, 'dot.png', 'image/png')
    expect(small.json().data.photo).toMatchObject({ width: 1, height: 1 })
  })

  it('refuses a non-image, an SVG, a file over 20 MB and a sixth photo, storing nothing', async () => {
    const item = await createItem(t.app, sender.id)
    const jpeg = await jpegWithGps(40, 30)
    const empty = await stored()

    const text = await upload(sender, item.id, Buffer.from('just some text\n'), 'notes.jpg')
    expect(text.statusCode).toBe(415)
    expect(text.json()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Photos must be JPEG, PNG or WebP images.',
    })

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    const svgRes = await upload(sender, item.id, svg, 'photo.png', 'image/png')
    expect(svgRes.statusCode).toBe(415)
    expect(svgRes.json().message).toBe('Photos must be JPEG, PNG or WebP images.')

    // JPEG magic bytes, then 20 MB of padding: refused by its size before anything is decoded.
    const huge = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)])
    const hugeRes = await upload(sender, item.id, huge)
    expect(hugeRes.statusCode).toBe(413)
    expect(hugeRes.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Each photo must be 20 MB or smaller.',
    })

    // Magic bytes right, image broken.
    const broken = await upload(sender, item.id, jpeg.subarray(0, 20))
    expect(broken.statusCode).toBe(415)
    expect(broken.json().message).toMatch(/could not be read/)
    expect(await stored()).toEqual(empty)

    for (let i = 0; i < 5; i++) expect((await upload(sender, item.id, jpeg)).statusCode).toBe(201)
    const full = await stored()
    expect(full.photos).toBe(empty.photos + 5)
    const sixth = await upload(sender, item.id, jpeg)
    expect(sixth.statusCode).toBe(409)
    expect(sixth.json()).toEqual({
      success: false,
      message: 'An item can have at most 5 photos.',
      code: 'TOO_MANY_PHOTOS',
    })
    expect(await stored()).toEqual(full)
  })

  it('refuses a 7000 × 7000 interlaced PNG or progressive JPEG by its header, storing nothing', async () => {
    const item = await createItem(t.app, sender.id)
    const empty = await stored()
    expect(interlaced.length).toBeLessThan(1024 * 1024)
    for (const [content, name] of [
      [interlaced, 'screen.png'],
      [progressive, 'web.jpg'],
    ] as const) {
      const res = await upload(sender, item.id, content, name)
      expect(res.statusCode).toBe(413)
      expect(res.json()).toEqual({
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        message:
          'PNG and progressive JPEG images can be at most 16 megapixels. Please send a smaller image or a standard JPEG photo.',
      })
    }
    // Over the 50 MP of a phone photo, even as a baseline JPEG.
    const tooBig = await upload(sender, item.id, await plainImage(9000, 6000).jpeg().toBuffer())
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().message).toBe('Photos can be at most 50 megapixels.')
    expect(await stored()).toEqual(empty)
  })

  it('takes a 48 MP phone JPEG of ~10 MB, a 5K screenshot PNG and a WebP', async () => {
    const item = await createItem(t.app, sender.id)
    expect(phonePhoto.length).toBeGreaterThan(8 * 1024 * 1024)
    const phone = await upload(sender, item.id, phonePhoto, 'IMG_0001.jpg')
    expect(phone.statusCode).toBe(201)
    const { photo } = phone.json().data
    expect(photo).toMatchObject({ width: 1600, height: 1200 })
    const full = await sharp((await download(sender, photo.id, 'full')).rawPayload).metadata()
    const thumb = await sharp((await download(sender, photo.id, 'thumb')).rawPayload).metadata()
    expect([full.format, full.width, full.height]).toEqual(['jpeg', 1600, 1200])
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 320, 240])

    // 14.7 MP, interlaced: under the 16 MP of images decoded whole.
    const screenshot = await plainImage(5120, 2880).png({ progressive: true }).toBuffer()
    const shot = await upload(sender, item.id, screenshot, 'screen.png', 'image/png')
    expect(shot.statusCode).toBe(201)
    expect(shot.json().data.photo).toMatchObject({ width: 1600, height: 900 })

    const webp = await plainImage(2400, 1800).webp().toBuffer()
    const web = await upload(sender, item.id, webp, 'photo.webp', 'image/webp')
    expect(web.statusCode).toBe(201)
    const webPhoto = web.json().data.photo
    expect(webPhoto).toMatchObject({ width: 1600, height: 1200 })
    const stored = await sharp((await download(sender, webPhoto.id, 'full')).rawPayload).metadata()
    expect(stored.format).toBe('jpeg')
  })

  it('answers 429 with Retry-After past the uploads a sender may make in an hour', async () => {
    const busy = await createUser(t.app, { role: 'sender' })
    const item = await createItem(t.app, busy.id)
    // Refused uploads count too: each one was read and looked at.
    const notAnImage = Buffer.from('not an image')
    for (let i = 0; i < LIMITS.photoUploadsPerUser.limit; i++)
      expect((await upload(busy, item.id, notAnImage)).statusCode).toBe(415)
    const before = await stored()
    const res = await upload(busy, item.id, await jpegWithGps(40, 30))
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many photo uploads. Please wait a while and try again.',
    })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(await stored()).toEqual(before)
    // Another sender is not held back.
    const other = await createItem(t.app, otherSender.id)
    expect((await upload(otherSender, other.id, await jpegWithGps(40, 30))).statusCode).toBe(201)
  })

  it('lets only the sender add or remove, and the right people see', async () => {
    const item = await createItem(t.app, sender.id)
    const jpeg = await jpegWithGps(40, 30)
    const before = await stored()
    expect((await upload(otherSender, item.id, jpeg)).statusCode).toBe(404)
    expect((await upload(deliverer, item.id, jpeg)).statusCode).toBe(403)
    expect((await upload(admin, item.id, jpeg)).statusCode).toBe(403)
    expect(await stored()).toEqual(before)

    const photoId: string = (await upload(sender, item.id, jpeg)).json().data.photo.id
    const status = async (u: TestUser) => (await download(u, photoId, 'thumb')).statusCode
    expect(await status(sender)).toBe(200)
    expect(await status(admin)).toBe(200)
    expect(await status(otherSender)).toBe(404)
    // Not yet approved: not available, so hidden from deliverers.
    expect(await status(deliverer)).toBe(404)
    await approveSending(t.app, item.id)
    expect(await status(deliverer)).toBe(200)

    // The item answers carry the photos, for the deliverer too.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/item/${item.id}`,
      headers: bearer(deliverer),
    })
    expect(detail.json().data.photos).toEqual([{ id: photoId, width: 40, height: 30 }])

    const remove = (u: TestUser) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/items/${item.id}/photos/${photoId}`,
        headers: bearer(u),
      })
    expect((await remove(otherSender)).statusCode).toBe(404)
    const removed = await remove(sender)
    expect(removed.statusCode).toBe(200)
    expect(await stored()).toEqual(before)
    expect(await status(sender)).toBe(404)
  })

  it('keeps showing photos to a deliverer who asked to carry the item', async () => {
    const item = await createItem(t.app, sender.id)
    const photoId: string = (await upload(sender, item.id, await jpegWithGps(40, 30))).json().data
      .photo.id
    expect((await download(deliverer, photoId, 'full')).statusCode).toBe(404)
    await createRequest(t.app, item.id, deliverer.id)
    expect((await download(deliverer, photoId, 'full')).statusCode).toBe(200)
  })
})
