/** A video frame's pixels, as a canvas gives them. */
export type Frame = Pick<ImageData, 'width' | 'height' | 'data'>

/** Reads the QR code in a frame: its text, or null when the frame holds none. */
export type FrameReader = (frame: Frame) => Promise<string | null>

interface NativeDetector {
  detect(source: ImageData): Promise<{ rawValue: string }[]>
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector
  getSupportedFormats(): Promise<string[]>
}

async function nativeReader(): Promise<FrameReader | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector
  if (!Native) return null
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null
    const detector = new Native({ formats: ['qr_code'] })
    return async (frame) => {
      const found = await detector.detect(frame as ImageData)
      return found[0]?.rawValue ?? null
    }
  } catch {
    return null
  }
}

/**
 * The decoder of the qr package (pure JS, ~30 KB), loaded only when a scan starts, so the
 * delivery page's first load does not carry it.
 */
export async function fallbackReader(): Promise<FrameReader> {
  const { decodeQR } = await import('qr/decode.js')
  return (frame) => {
    try {
      return Promise.resolve(decodeQR(frame))
    } catch {
      // The decoder throws when it finds no code in the frame: the next one may have it.
      return Promise.resolve(null)
    }
  }
}

/** The browser's BarcodeDetector where it reads QR codes (Chrome on Android), else the qr package. */
export async function loadQrReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? fallbackReader()
}
