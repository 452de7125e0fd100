import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { Suspense, useMemo } from 'react'
import type { Location } from '@contract/items'
import { formatPlace } from '@/lib/format'
import { LazyMapView } from './lazy-map-view'
import { MapErrorBoundary } from './map-error-boundary'
import { ROUTE_COLOURS } from './map-style'
import { MapLoading } from './map-loading'

export interface RouteMapProps {
  from: Location
  to: Location
  /** Accessible name of the map region. */
  label?: string
  /** Map height in px (300 unless told). */
  height?: number
  /** Whether the From / To legend shows under the map (it does unless told). */
  legend?: boolean
}

function LegendRow({ colour, name, place }: { colour: string; name: string; place: Location }) {
  return (
    <HStack as="li" gap="2" align="baseline">
      <Box
        aria-hidden
        flexShrink={0}
        width="3"
        height="3"
        rounded="full"
        bg={colour}
        alignSelf="center"
      />
      <Text fontSize="sm" minWidth="0" overflowWrap="anywhere">
        <Text as="span" fontWeight="semibold">
          {name}:
        </Text>{' '}
        {formatPlace(place)}
      </Text>
    </HStack>
  )
}

/** A read-only map of a route: the two ends marked From and To, a line, and a legend; the map
 * itself is lazily loaded. */
export function RouteMap({
  from,
  to,
  label = 'Route map',
  height = 300,
  legend = true,
}: RouteMapProps) {
  const points = useMemo(() => [from, to], [from, to])
  const noMap = (
    <Box p="3" bg="bg.muted" rounded="md">
      <Text fontSize="sm">
        From {formatPlace(from)} to {formatPlace(to)}
      </Text>
    </Box>
  )
  const loading = <MapLoading height={height} />
  return (
    <Stack gap="2">
      <MapErrorBoundary fallback={noMap}>
        <Suspense fallback={loading}>
          <LazyMapView label={label} points={points} line height={height} fallback={noMap} />
        </Suspense>
      </MapErrorBoundary>
      {legend && (
        <Stack as="ul" gap="1" listStyleType="none" aria-label={`${label} legend`}>
          <LegendRow colour={ROUTE_COLOURS.from} name="From" place={from} />
          <LegendRow colour={ROUTE_COLOURS.to} name="To" place={to} />
        </Stack>
      )}
    </Stack>
  )
}
