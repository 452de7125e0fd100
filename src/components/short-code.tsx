import { Box, Text, VisuallyHidden } from '@chakra-ui/react'

/** '123456' -> '123 456': two groups of three are easier to read aloud and to type. */
export function groupDigits(digits: string): string {
  return digits.length === 6 ? `${digits.slice(0, 3)} ${digits.slice(3)}` : digits
}

/**
 * A handoff code's six digits, large and in tabular figures, to read aloud when the QR code cannot
 * be scanned. Screen readers hear "label: 1 2 3 4 5 6", not "one hundred twenty-three thousand".
 */
export function ShortCode({ digits, label }: { digits: string; label: string }) {
  return (
    <Box>
      <Text
        aria-hidden
        fontFamily="mono"
        fontSize={{ base: '4xl', md: '5xl' }}
        fontWeight="bold"
        letterSpacing="0.08em"
        lineHeight="1.1"
        whiteSpace="nowrap"
        fontVariantNumeric="tabular-nums"
      >
        {groupDigits(digits)}
      </Text>
      <VisuallyHidden>
        {label}: {digits.split('').join(' ')}
      </VisuallyHidden>
    </Box>
  )
}
