import { Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import type { ReactNode, Ref } from 'react'
import type { Location } from '@contract/items'
import { formatPlace } from '@/lib/format'

interface RouteSummaryProps {
  origin: Location
  destination: Location
  onChange: () => void
  /** The route's own actions ("Save as trip", or the trip it is saved as). */
  children?: ReactNode
  changeRef?: Ref<HTMLButtonElement>
}

/**
 * The chosen route in one line, for phones: the two place fields with their map buttons take most
 * of a 360 × 800 screen, and once the route is set the results matter more (issue 29 part 3).
 */
export function RouteSummary({
  origin,
  destination,
  onChange,
  children,
  changeRef,
}: RouteSummaryProps) {
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">
        {/* Read as "Boston to Washington"; the arrow is for the eye. */}
        {formatPlace(origin)} <span aria-hidden="true">→</span> <VisuallyHidden>to</VisuallyHidden>{' '}
        {formatPlace(destination)}
      </Text>
      <HStack gap="2" wrap="wrap">
        {children}
        <Button ref={changeRef} variant="outline" onClick={onChange}>
          Change route
        </Button>
      </HStack>
    </Stack>
  )
}
