import { Box, Text } from '@chakra-ui/react'
import { Suspense, useMemo } from 'react'
import type { Location } from '@contract/items'
import { formatPlace } from '@/lib/format'
import { LazyMapView } from './lazy-map-view'
import { MapErrorBoundary } from './map-error-boundary'

export interface RouteMapProps {
  from: Location
  to: Location
  /** Accessible name of the map region. */
  label?: string
}

/** A read-only map of a route: two markers and a line, lazily loaded. */
export function RouteMap({ from, to, label = 'Route map' }: RouteMapProps) {
  const points = useMemo(() => [from, to], [from, to])
  const fallback = (
    <Box p="3" bg="bg.muted" rounded="md">
      <Text fontSize="sm">
        From {formatPlace(from)} to {formatPlace(to)}
      </Text>
    </Box>
  )
  return (
    <MapErrorBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <LazyMapView label={label} points={points} line height={300} fallback={fallback} />
      </Suspense>
    </MapErrorBoundary>
  )
}
