import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { Suspense, useMemo } from 'react'
import type { Location } from '@contract/items'
import { formatPlace } from '@/lib/format'
import { LazyMapView } from './lazy-map-view'
import { MapErrorBoundary } from './map-error-boundary'
import { ROUTE_COLOURS } from './map-style'
import type { MapStop } from './maplibre-view'
import { MapLoading } from './map-loading'

export type { MapStop }

interface CorridorMapProps {
  from: Location
  to: Location
  radiusKm: number
  stops: MapStop[]
  onStop: (id: string) => void
  activeStop: string | null
  height?: number
}

function Swatch({ colour, shape }: { colour: string; shape: 'round' | 'square' | 'band' }) {
  return (
    <Box
      aria-hidden
      flexShrink={0}
      width="3"
      height="3"
      bg={shape === 'band' ? undefined : colour}
      borderWidth={shape === 'band' ? '1px' : undefined}
      borderColor={colour}
      style={shape === 'band' ? { background: `${colour}33` } : undefined}
      rounded={shape === 'round' ? 'full' : 'sm'}
      alignSelf="center"
    />
  )
}

/**
 * /available-items: the route, the band of radiusKm the items are matched in, and each listed
 * item's pickup (round) and drop-off (square) with its number in the list. Lazily loaded; the
 * list says everything the map shows, so the page works without it.
 */
export function CorridorMap({
  from,
  to,
  radiusKm,
  stops,
  onStop,
  activeStop,
  height = 320,
}: CorridorMapProps) {
  const points = useMemo(() => [from, to], [from, to])
  const noMap = (
    <Box p="3" bg="bg.muted" rounded="md">
      <Text fontSize="sm">
        Items within {radiusKm} km of the way from {formatPlace(from)} to {formatPlace(to)}
      </Text>
    </Box>
  )
  const loading = <MapLoading height={height} />
  return (
    <Stack gap="2">
      <MapErrorBoundary fallback={noMap}>
        <Suspense fallback={loading}>
          <LazyMapView
            label="Map of your route and the items on it"
            points={points}
            line
            corridorKm={radiusKm}
            stops={stops}
            onStop={onStop}
            activeStop={activeStop}
            height={height}
            fallback={noMap}
          />
        </Suspense>
      </MapErrorBoundary>
      <HStack
        as="ul"
        gap="4"
        rowGap="1"
        wrap="wrap"
        listStyleType="none"
        fontSize="sm"
        aria-label="Map legend"
      >
        <HStack as="li" gap="2">
          <Swatch colour={ROUTE_COLOURS.from} shape="band" />
          <Text>Within {radiusKm} km of your route</Text>
        </HStack>
        <HStack as="li" gap="2">
          <Swatch colour={ROUTE_COLOURS.from} shape="round" />
          <Text>Pickup</Text>
        </HStack>
        <HStack as="li" gap="2">
          <Swatch colour={ROUTE_COLOURS.to} shape="square" />
          <Text>Drop-off (numbers as in the list)</Text>
        </HStack>
      </HStack>
    </Stack>
  )
}
