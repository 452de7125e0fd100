import { Box, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { loadQrReader } from '@/lib/qr-reader'

/** Frames are read this often: enough to catch a code held still, light on a phone's battery. */
const READ_EVERY_MS = 250
/** The long side a frame is scaled to before decoding: a handoff QR code fills much of the view. */
const FRAME_SIDE = 720

/**
 * The rear camera's picture, read for a QR code until one is found (`onCode`). The camera stops
 * when this unmounts: the dialog closes, or the deliverer switches to typing.
 * Loaded lazily (React.lazy) with its decoder, only when a scan starts.
 */
export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const found = useRef(onCode)
  found.current = onCode
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const canvas = document.createElement('canvas')
    const context = canvas.getContext('2d', { willReadFrequently: true })

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera')
      const [media, read] = await Promise.all([
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        }),
        loadQrReader(),
      ])
      stream = media
      if (stopped) return media.getTracks().forEach((track) => track.stop())
      const element = video.current
      if (!element || !context) return
      element.srcObject = media
      await element.play().catch(() => {})
      const tick = async () => {
        if (stopped) return
        const { videoWidth: width, videoHeight: height } = element
        if (width && height) {
          const scale = Math.min(1, FRAME_SIDE / Math.max(width, height))
          canvas.width = Math.round(width * scale)
          canvas.height = Math.round(height * scale)
          context.drawImage(element, 0, 0, canvas.width, canvas.height)
          const text = await read(context.getImageData(0, 0, canvas.width, canvas.height))
          if (text && !stopped) return found.current(text)
        }
        timer = setTimeout(() => void tick(), READ_EVERY_MS)
      }
      void tick()
    }
    start().catch(() => {
      if (!stopped) setProblem('The camera could not be opened. Type or paste the code instead.')
    })
    return () => {
      stopped = true
      clearTimeout(timer)
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [])

  if (problem) return <Text color="fg.error">{problem}</Text>
  return (
    <Box rounded="md" overflow="hidden" bg="black" aspectRatio="1" maxW="sm" w="full" mx="auto">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera: hold the QR code in view"
        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  )
}
