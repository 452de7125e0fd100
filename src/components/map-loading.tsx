import { Box, Text } from '@chakra-ui/react'

/** The map's place while its code or style loads: the same size, so nothing jumps when it comes. */
export function MapLoading({ height }: { height: number }) {
  return (
    <Box
      height={`${height}px`}
      width="full"
      display="grid"
      placeItems="center"
      bg="bg.muted"
      rounded="md"
    >
      <Text role="status">Loading map…</Text>
    </Box>
  )
}
