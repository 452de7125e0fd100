import { Box, Button, HStack, Stack, Switch, Text, VisuallyHidden } from '@chakra-ui/react'
import { Suspense, useState } from 'react'
import { isDark } from '@/lib/color-mode'
import { formatCoordinates } from '@/lib/format'
import { LazyMapView } from './lazy-map-view'
import { MapErrorBoundary } from './map-error-boundary'
import { PlaceSearch, type PlaceSearchProps } from './place-search'
import { reverseLookup } from './places-api'
import { MapLoading } from './map-loading'

/**
 * docs/spec.md section 2 "Map location picker": place search with suggestions, and a map (loaded only
 * when shown) where a click picks the point. Same props as PlaceSearch.
 */
export function MapLocationPicker({
  pointName,
  ...props
}: PlaceSearchProps & {
  /** What a tap on the map chooses, in words: 'the drop-off point' (else the label). */
  pointName?: string
}) {
  const { label, value, onChange } = props
  const [showMap, setShowMap] = useState(false)
  const [dark, setDark] = useState(isDark)
  const [looking, setLooking] = useState(false)

  async function pick(lat: number, lng: number) {
    setLooking(true)
    // The point counts at once; the address follows when the lookup answers.
    onChange({ lat, lng, address: formatCoordinates(lat, lng) })
    const address = await reverseLookup(lat, lng)
    setLooking(false)
    onChange({ lat, lng, address })
  }

  const fallback = (
    <Text color="fg.muted" fontSize="sm">
      The map cannot be shown in this browser; search for the place above instead.
    </Text>
  )

  return (
    <Stack gap="2">
      <PlaceSearch {...props} />
      <HStack gap="4" wrap="wrap">
        <Button
          size="xs"
          variant="outline"
          aria-expanded={showMap}
          onClick={() => setShowMap((s) => !s)}
        >
          {showMap ? 'Hide map' : 'Show map'}
          <VisuallyHidden> for {label}</VisuallyHidden>
        </Button>
        {showMap && (
          <Switch.Root
            size="sm"
            checked={dark}
            onCheckedChange={(details) => setDark(details.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              Dark map<VisuallyHidden> for {label}</VisuallyHidden>
            </Switch.Label>
          </Switch.Root>
        )}
        {looking && (
          <Text fontSize="sm" role="status">
            Looking up the address…
          </Text>
        )}
      </HStack>
      {showMap && (
        <Box>
          <Text fontSize="sm" color="fg.muted" mb="1">
            Tap the map to choose {pointName ?? label.toLowerCase()}; the address is looked up for
            you.
          </Text>
          <MapErrorBoundary fallback={fallback}>
            <Suspense fallback={<MapLoading height={400} />}>
              <LazyMapView
                label={`Map for ${label}`}
                points={value ? [value] : []}
                onPick={(lat, lng) => void pick(lat, lng)}
                dark={dark}
                height={400}
                fallback={fallback}
              />
            </Suspense>
          </MapErrorBoundary>
        </Box>
      )}
    </Stack>
  )
}
