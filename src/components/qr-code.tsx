import { Box } from '@chakra-ui/react'
import encodeQR from 'qr'
import { useMemo } from 'react'

/** The white margin scanners need around the symbol, in modules (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4

/**
 * The dark modules as one SVG path, a horizontal run per `h` segment: a code of ~300 characters
 * (version 10-12) draws in a few kilobytes, where one square per module would take ~30.
 */
export function qrPath(value: string): { size: number; d: string } {
  // Low correction (7 %): a code on a screen is not torn or smudged like a printed label, and a
  // ~420-character code then needs version 13 (69 modules) instead of 16 (81): bigger modules, which
  // a phone's camera reads from farther away.
  const modules = encodeQR(value, 'raw', { ecc: 'low', border: QUIET_ZONE })
  const parts: string[] = []
  modules.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (x < row.length && row[x]) x++
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`)
    }
  })
  return { size: modules.length, d: parts.join('') }
}

/**
 * A QR code drawn as inline SVG from `value` (the `qr` package, pure JS: nothing to fetch, so it
 * draws offline). Black on white whatever the colour mode, as scanners expect; `label` is its
 * accessible name (role img).
 */
export function QrCode({
  value,
  label,
  maxW = '320px',
}: {
  value: string
  label: string
  maxW?: string
}) {
  const { size, d } = useMemo(() => qrPath(value), [value])
  return (
    <Box w="full" maxW={maxW} bg="white" borderRadius="md" lineHeight="0">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${size} ${size}`}
        width="100%"
        shapeRendering="crispEdges"
        xmlns="http://www.w3.org/2000/svg"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
    </Box>
  )
}
