import decodeQR from 'qr/decode.js'
import { describe, expect, it } from 'vitest'
import { qrPath } from './qr-code'

/** The drawn path back to pixels (RGBA, `scale` px a module), as a camera would see the SVG. */
function rasterise(value: string, scale = 4) {
  const { size, d } = qrPath(value)
  const width = size * scale
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++)
      for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++)
        data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3)
  }
  return { width, height: width, data }
}

describe('QrCode drawing', () => {
  it('draws a symbol a reader decodes back to the handoff code, quiet zone included', () => {
    const code = `eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoidG90ZS1oYW5kb2ZmK2p3dCJ9.${'eyJpdGVtIjoiMTEx'.repeat(12)}.${'c2ln'.repeat(22)}`
    expect(decodeQR(rasterise(code))).toBe(code)
    const { size, d } = qrPath(code)
    // Four empty modules on each side: no run starts in the margin.
    for (const [, x, y] of d.matchAll(/M(\d+) (\d+)/g)) {
      expect(Number(x)).toBeGreaterThanOrEqual(4)
      expect(Number(y)).toBeGreaterThanOrEqual(4)
      expect(Number(y)).toBeLessThan(size - 4)
    }
  })
})
