// Generates the PWA icons in public/ (a bold white 'T' on teal #0f766e) without any download or
// image tool: shapes are rasterised here with 4x4 supersampling and written as PNG with node:zlib.
// The PNGs are committed; run again only to change the artwork: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const TEAL = [0x0f, 0x76, 0x6e]
const WHITE = [0xff, 0xff, 0xff]
const out = new URL('../public/', import.meta.url)

/** CRC-32 as PNG chunks need it. */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf) {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** RGBA pixels (Uint8Array, size*size*4) -> PNG file bytes. */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // colour type RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0 // filter: none
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Draws one icon. Coordinates are fractions of the icon size.
 * radius: corner radius of the teal background (0 = full bleed, as maskable and iOS icons need).
 * scale: size of the 'T' relative to the icon (smaller for maskable: it must sit in the safe zone).
 */
function drawIcon(size, { radius, scale }) {
  const rgba = new Uint8Array(size * size * 4)
  const ss = 4
  // The 'T': a bar and a stem, centred, in a box of side `scale`.
  const o = (1 - scale) / 2
  const bar = {
    x0: o + 0.14 * scale,
    x1: o + 0.86 * scale,
    y0: o + 0.16 * scale,
    y1: o + 0.36 * scale,
  }
  const stem = { x0: o + 0.39 * scale, x1: o + 0.61 * scale, y0: bar.y0, y1: o + 0.86 * scale }
  const inRect = (r, x, y) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1
  const inBackground = (x, y) => {
    if (radius === 0) return true
    const cx = Math.min(Math.max(x, radius), 1 - radius)
    const cy = Math.min(Math.max(y, radius), 1 - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
  }
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0
      let fg = 0
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const x = (px + (sx + 0.5) / ss) / size
          const y = (py + (sy + 0.5) / ss) / size
          if (!inBackground(x, y)) continue
          bg++
          if (inRect(bar, x, y) || inRect(stem, x, y)) fg++
        }
      }
      const n = ss * ss
      const i = (py * size + px) * 4
      const t = bg ? fg / bg : 0
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(TEAL[c] * (1 - t) + WHITE[c] * t)
      rgba[i + 3] = Math.round((255 * bg) / n)
    }
  }
  return encodePng(size, rgba)
}

const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="12" fill="#0f766e"/>
  <path fill="#fff" d="M9 10h46v13H41v32H23V23H9z"/>
</svg>
`

mkdirSync(new URL('icons/', out), { recursive: true })
const files = {
  'icons/icon-192.png': drawIcon(192, { radius: 0.18, scale: 1 }),
  'icons/icon-512.png': drawIcon(512, { radius: 0.18, scale: 1 }),
  'icons/maskable-512.png': drawIcon(512, { radius: 0, scale: 0.7 }),
  'apple-touch-icon.png': drawIcon(180, { radius: 0, scale: 0.86 }),
  'favicon.svg': Buffer.from(favicon),
}
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(new URL(name, out), bytes)
  console.log(`public/${name}  ${bytes.length} bytes`)
}
