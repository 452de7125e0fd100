import sharp from 'sharp'

/** The share (0 to 1) of a PNG's pixels within `tolerance` of `hex` on each channel: what a person
 * sees of one colour, for a canvas (a map) that has no text to find. */
export async function shareOfColour(png: Buffer, hex: string, tolerance = 6): Promise<number> {
  const want = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let matching = 0
  for (let at = 0; at < data.length; at += info.channels) {
    if (want.every((value, channel) => Math.abs((data[at + channel] ?? -999) - value) <= tolerance))
      matching++
  }
  return matching / (info.width * info.height)
}
