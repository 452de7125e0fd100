import { availableParallelism } from 'node:os'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { plainImage } from '../testing/photos'
import { photoSlots, processPhoto } from './item-photos'

describe('photo decoding', () => {
  it('decodes at most one photo per core at a time; the others wait their turn', async () => {
    const photo = await plainImage(6000, 4000).jpeg().toBuffer()
    const many = availableParallelism() * 3
    let done = false
    let mostActive = 0
    let mostWaiting = 0
    const all = Promise.all(Array.from({ length: many }, () => processPhoto(photo))).finally(
      () => (done = true),
    )
    while (!done) {
      mostActive = Math.max(mostActive, photoSlots.active)
      mostWaiting = Math.max(mostWaiting, photoSlots.waiting)
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const results = await all
    expect(results.map((r) => [r.width, r.height])).toEqual(Array(many).fill([1600, 1067]))
    expect(mostActive).toBe(availableParallelism())
    expect(mostWaiting).toBeGreaterThan(0)
    expect(photoSlots.active).toBe(0)
  })

  it('writes an ordinary JPEG from a CMYK JPEG and a 16-bit PNG with transparency', async () => {
    const cmyk = await plainImage(300, 200).toColourspace('cmyk').jpeg().toBuffer()
    const deep = await plainImage(300, 200).ensureAlpha(0.5).toColourspace('rgb16').png().toBuffer()
    for (const input of [cmyk, deep]) {
      const { full, thumb } = await processPhoto(input)
      for (const output of [full, thumb]) {
        const meta = await sharp(output).metadata()
        expect([meta.format, meta.space, meta.channels, meta.depth]).toEqual([
          'jpeg',
          'srgb',
          3,
          'uchar',
        ])
      }
    }
  })
})
