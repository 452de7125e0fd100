// Loaded only through lazy-map-view.ts: maplibre is ~295 KB gzip and must stay out of the first load.
import 'maplibre-gl/dist/maplibre-gl.css'
import { setWorkerUrl } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { Box, Text } from '@chakra-ui/react'
import type { StyleSpecification } from 'maplibre-gl'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import MapGL, {
  Layer,
  Marker,
  NavigationControl,
  Popup,
  Source,
  type MapRef,
} from 'react-map-gl/maplibre'
import type { Location } from '@contract/items'
import { isDark } from '@/lib/color-mode'
import { formatCoordinates } from '@/lib/format'
import { chooseRemoteStyle, markRemoteFailed, offlineStyle, ROUTE_COLOURS } from './map-style'

export interface MapViewProps {
  /** Accessible name of the map region. */
  label: string
  points: Location[]
  /** The picker: a 'Selected Location' popup on the first point, and clicks pick points. */
  onPick?: (lat: number, lng: number) => void
  /** The route map: a line between the points, framed to show them all. */
  line?: boolean
  dark?: boolean
  height?: number
  /** What to show when the browser cannot draw the map (no WebGL). */
  fallback: ReactNode
}

// maplibre finds its worker next to its own module, which bundling moves; point it at the
// worker file Vite emits instead.
setWorkerUrl(workerUrl)

/** docs/spec.md section 2 and 9: default zoom 5, zoom 15 once a point is selected. */
export const DEFAULT_ZOOM = 5
export const SELECTED_ZOOM = 15
const DEFAULT_CENTER = { latitude: 39.5, longitude: -98.35 }

/** Room around the route's ends for the markers (about 40 px tall) and the zoom buttons; no
 * closer than a city's scale when both ends are in one town. */
const ROUTE_FIT = { padding: { top: 56, bottom: 32, left: 40, right: 56 }, maxZoom: 12 }

function boundsOf(points: { lat: number; lng: number }[]): [[number, number], [number, number]] {
  const lngs = points.map((p) => p.lng)
  const lats = points.map((p) => p.lat)
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ]
}

/** A route end named in words on the map itself, not by colour alone. */
function RoutePin({ end }: { end: 'from' | 'to' }) {
  const colour = ROUTE_COLOURS[end]
  return (
    <Box display="flex" flexDirection="column" alignItems="center" pointerEvents="none">
      <Box
        bg={colour}
        color="white"
        fontSize="xs"
        fontWeight="bold"
        lineHeight="1"
        px="2"
        py="1"
        rounded="full"
        boxShadow="sm"
        borderWidth="1px"
        borderColor="white"
      >
        {end === 'from' ? 'From' : 'To'}
      </Box>
      <Box
        width="0"
        height="0"
        borderLeft="5px solid transparent"
        borderRight="5px solid transparent"
        borderTop={`7px solid ${colour}`}
      />
    </Box>
  )
}

function hasWebGL(): boolean {
  if (typeof WebGLRenderingContext === 'undefined') return false
  try {
    const canvas = document.createElement('canvas')
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'))
  } catch {
    return false
  }
}

export function MapView({
  label,
  points,
  onPick,
  line,
  dark = isDark(),
  height = 400,
  fallback,
}: MapViewProps) {
  const mapRef = useRef<MapRef>(null)
  const [loaded, setLoaded] = useState(false)
  // undefined while the remote style is being asked for; null once the offline map is chosen.
  const [remote, setRemote] = useState<StyleSpecification | null | undefined>(undefined)
  const [drawn, setDrawn] = useState(false)
  const [popupOpen, setPopupOpen] = useState(true)
  const [webgl] = useState(hasWebGL)
  const useRemote = Boolean(remote)
  const first = points[0]
  // A new style object on every render would make MapLibre diff the whole style each time.
  const offline = useMemo(() => offlineStyle(dark), [dark])

  useEffect(() => {
    if (!webgl) return
    let live = true
    void chooseRemoteStyle().then((style) => {
      if (live) setRemote(style ?? null)
    })
    return () => {
      live = false
    }
  }, [webgl])

  const fallBack = () => {
    // The style came but its tiles do not (tile host down, offline with a cached style): the
    // built-in map rather than a blank one, for this and every later map of the page load.
    markRemoteFailed()
    setRemote(null)
  }

  // Parents pass a new array on every render (a theme switch, a status line): only a change of
  // place may move the map, or it would jump back while the user zooms.
  const where = points.map((p) => `${p.lat},${p.lng}`).join(';')

  // The picker follows the chosen point; the route map frames both ends.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !loaded || !where) return
    const places = where.split(';').map((pair) => {
      const [lat = 0, lng = 0] = pair.split(',').map(Number)
      return { lat, lng }
    })
    const [one] = places
    if (line && places.length > 1) {
      map.fitBounds(boundsOf(places), { ...ROUTE_FIT, duration: 0 })
    } else if (one) {
      map.flyTo({ center: [one.lng, one.lat], zoom: SELECTED_ZOOM })
    }
  }, [loaded, line, where])

  useEffect(() => setPopupOpen(true), [where])

  if (!webgl) return <>{fallback}</>
  if (remote === undefined) {
    return (
      <Box
        height={`${height}px`}
        width="full"
        rounded="md"
        bg="bg.muted"
        display="grid"
        placeItems="center"
      >
        <Text role="status">Loading map…</Text>
      </Box>
    )
  }

  return (
    <Box
      role="region"
      aria-label={label}
      height={`${height}px`}
      width="full"
      rounded="md"
      overflow="hidden"
      borderWidth="1px"
      // A remote style cannot be recoloured, so dark mode inverts its canvas instead.
      css={
        useRemote && dark
          ? { '& .maplibregl-canvas': { filter: 'invert(1) hue-rotate(180deg)' } }
          : undefined
      }
    >
      <MapGL
        ref={mapRef}
        initialViewState={
          line && points.length > 1
            ? { bounds: boundsOf(points), fitBoundsOptions: ROUTE_FIT }
            : first
              ? { latitude: first.lat, longitude: first.lng, zoom: SELECTED_ZOOM }
              : { ...DEFAULT_CENTER, zoom: DEFAULT_ZOOM }
        }
        mapStyle={remote ?? offline}
        cursor={onPick ? 'crosshair' : undefined}
        onLoad={() => setLoaded(true)}
        onIdle={() => setDrawn(true)}
        onError={() => {
          if (useRemote && !drawn) fallBack()
        }}
        onClick={onPick ? (event) => onPick(event.lngLat.lat, event.lngLat.lng) : undefined}
        attributionControl={useRemote ? undefined : false}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {line && points.length > 1 && (
          <Source
            id="route"
            type="geojson"
            data={{
              type: 'Feature',
              properties: {},
              geometry: { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) },
            }}
          >
            <Layer
              id="route-line"
              type="line"
              paint={{
                'line-color': ROUTE_COLOURS.from,
                'line-width': 3,
                'line-dasharray': [2, 1],
              }}
            />
          </Source>
        )}
        {points.map((point, index) =>
          line ? (
            <Marker
              key={`${point.lat},${point.lng},${index}`}
              latitude={point.lat}
              longitude={point.lng}
              anchor="bottom"
            >
              <RoutePin end={index === 0 ? 'from' : 'to'} />
            </Marker>
          ) : (
            <Marker
              key={`${point.lat},${point.lng},${index}`}
              latitude={point.lat}
              longitude={point.lng}
              color={ROUTE_COLOURS.from}
              onClick={(event) => {
                event.originalEvent.stopPropagation()
                setPopupOpen(true)
              }}
            />
          ),
        )}
        {onPick && first && popupOpen && (
          <Popup
            latitude={first.lat}
            longitude={first.lng}
            offset={36}
            closeButton
            closeOnClick={false}
            onClose={() => setPopupOpen(false)}
          >
            <Text fontWeight="semibold" color="gray.900">
              Selected Location
            </Text>
            <Text color="gray.700">{formatCoordinates(first.lat, first.lng)}</Text>
          </Popup>
        )}
      </MapGL>
    </Box>
  )
}
