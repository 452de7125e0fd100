import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { Suspense, useMemo, useState } from 'react'
import type { Location } from '@contract/items'
import { formatPlace } from '@/lib/format'
import { LazyMapView } from './lazy-map-view'
import { MapErrorBoundary } from './map-error-boundary'
import { ROUTE_COLOURS } from './map-style'
import type { MapStop } from './maplibre-view'
import { MapLoading } from './map-loading'
import { useIsPhone } from '@/lib/use-is-phone'

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

/** A phone's choice to see the route map, kept on the device (not personal: no need to clear). */
const MAP_PREFERENCE_KEY = 'tote.route_map'

function readMapPreference(): boolean {
  try {
    return localStorage.getItem(MAP_PREFERENCE_KEY) === 'shown'
  } catch {
    return false
  }
}

function writeMapPreference(shown: boolean) {
  try {
    if (shown) localStorage.setItem(MAP_PREFERENCE_KEY, 'shown')
    else localStorage.removeItem(MAP_PREFERENCE_KEY)
  } catch {
    // Storage unavailable: the choice lasts this page only.
  }
}

/**
 * /available-items: the route, the band of radiusKm the items are matched in, and each listed
 * item's pickup (round) and drop-off (square) with its number in the list. Lazily loaded; the
 * list says everything the map shows, so the page works without it. On a phone the list comes
 * first and the map on a tap ("Show route map", remembered on the device): the map is 1.1 MB of code
 * and a second of a phone's CPU, which the results should not wait behind (issue 30).
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
  const phone = useIsPhone()
  const [chosen, setChosen] = useState(readMapPreference)
  const showMap = !phone || chosen
  const choose = (shown: boolean) => {
    writeMapPreference(shown)
    setChosen(shown)
  }
  const noMap = (
    <Box p="3" bg="bg.muted" rounded="md">
      <Text fontSize="sm">
        Items within {radiusKm} km of the way from {formatPlace(from)} to {formatPlace(to)}
      </Text>
    </Box>
  )
  const loading = <MapLoading height={height} />
  if (!showMap)
    return (
      <HStack gap="3" wrap="wrap" justify="space-between" p="3" bg="bg.muted" rounded="md">
        <Text fontSize="sm" flex="1" minW="40">
          Items within {radiusKm} km of the way from {formatPlace(from)} to {formatPlace(to)}
        </Text>
        <Button size="sm" variant="outline" aria-expanded={false} onClick={() => choose(true)}>
          Show route map
        </Button>
      </HStack>
    )
  return (
    <Stack gap="2">
      {phone && (
        <HStack justify="flex-end">
          <Button size="sm" variant="outline" aria-expanded onClick={() => choose(false)}>
            Hide route map
          </Button>
        </HStack>
      )}
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
