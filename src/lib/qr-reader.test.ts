// @vitest-environment node
import { encodeQR } from 'qr'
import { describe, expect, it } from 'vitest'
import { fallbackReader, loadQrReader, type Frame } from './qr-reader'

/** A frame as a camera would give it: the code drawn black on white, RGBA, with a quiet zone. */
function frameOf(text: string, scale = 4): Frame {
  const bits = encodeQR(text, 'raw', { ecc: 'medium' })
  const margin = 4
  const side = (bits.length + 2 * margin) * scale
  const data = new Uint8ClampedArray(side * side * 4).fill(255)
  bits.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + margin) * scale + dy) * side + (x + margin) * scale + dx) * 4
          data.fill(0, at, at + 3)
        }
    }),
  )
  return { width: side, height: side, data } as Frame
}

describe('the QR frame reader', () => {
  // As long as a real signed code (header, claims, 64-byte signature).
  const code = `eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoidG90ZS1oYW5kb2ZmK2p3dCJ9.${'x'.repeat(220)}.${'s'.repeat(86)}`

  it('reads a handoff code from a camera frame without BarcodeDetector (the qr package)', async () => {
    expect('BarcodeDetector' in globalThis).toBe(false)
    const read = await loadQrReader()
    expect(await read(frameOf(code))).toBe(code)
  })

  it('answers null for a frame with no code in it', async () => {
    const read = await fallbackReader()
    const blank = { width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4).fill(255) }
    expect(await read(blank as Frame)).toBeNull()
  })
})
