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
import { corridorRing, greatCircleLine } from './corridor-shape'
import { DARK_ATTRIBUTION_CSS, foldCompactAttribution } from './map-attribution'
import { chooseRemoteStyle, markRemoteFailed, offlineStyle, ROUTE_COLOURS } from './map-style'
import { MapLoading } from './map-loading'

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
  /** With `line`: the path as a great circle and the band of this many km around it. */
  corridorKm?: number
  /** Items' pickups and drop-offs, numbered as their cards are; the map frames them too. */
  stops?: MapStop[]
  /** A stop was chosen (clicked, tapped or pressed): the id of its item. */
  onStop?: (id: string) => void
  /** The item whose stops stand out. */
  activeStop?: string | null
}

export interface MapStop {
  /** The item's id. */
  id: string
  /** Its number in the list. */
  number: number
  kind: 'pickup' | 'dropoff'
  lat: number
  lng: number
  /** What the marker's button says to a screen reader. */
  label: string
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
  return boundsOfLngLats(points.map((p) => [p.lng, p.lat]))
}

function boundsOfLngLats(points: [number, number][]): [[number, number], [number, number]] {
  const lngs = points.map(([lng]) => lng)
  const lats = points.map(([, lat]) => lat)
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

/** An item's pickup (round) or drop-off (square), with its list number, as a real button. */
function StopPin({
  stop,
  active,
  onStop,
}: {
  stop: MapStop
  active: boolean
  onStop?: (id: string) => void
}) {
  const colour = stop.kind === 'pickup' ? ROUTE_COLOURS.from : ROUTE_COLOURS.to
  return (
    <Box
      as="button"
      aria-label={stop.label}
      aria-pressed={active}
      onClick={(event: React.MouseEvent) => {
        event.stopPropagation()
        onStop?.(stop.id)
      }}
      bg={active ? 'white' : colour}
      color={active ? colour : 'white'}
      borderWidth="2px"
      borderColor={active ? colour : 'white'}
      rounded={stop.kind === 'pickup' ? 'full' : 'sm'}
      minW="6"
      h="6"
      px="1"
      fontSize="xs"
      fontWeight="bold"
      lineHeight="1"
      boxShadow="sm"
      cursor="pointer"
      transform={active ? 'scale(1.25)' : undefined}
      zIndex={active ? 1 : undefined}
      _focusVisible={{ outline: '3px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
    >
      {stop.number}
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
  corridorKm,
  stops,
  onStop,
  activeStop,
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

  const [a, b] = points
  const corridor = line && corridorKm !== undefined && a && b
  const path = useMemo(
    () =>
      a && b
        ? corridor
          ? greatCircleLine(a, b)
          : [[a.lng, a.lat] as [number, number], [b.lng, b.lat] as [number, number]]
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by value, not by object identity
    [a?.lat, a?.lng, b?.lat, b?.lng, corridor],
  )
  const band = useMemo(
    () => (corridor && a && b ? corridorRing(a, b, corridorKm) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by value, not by object identity
    [a?.lat, a?.lng, b?.lat, b?.lng, corridor, corridorKm],
  )
  // The frame: the corridor and every stop, else the route's ends.
  const frame = useMemo(() => {
    const all: [number, number][] = [...(band ?? path)]
    for (const stop of stops ?? []) all.push([stop.lng, stop.lat])
    return all.length > 1 ? boundsOfLngLats(all) : null
  }, [band, path, stops])
  const frameKey = frame
    ? frame
        .flat()
        .map((n) => n.toFixed(4))
        .join(',')
    : ''

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
    if (line && frame) {
      map.fitBounds(frame, { ...ROUTE_FIT, duration: 0 })
    } else if (line && places.length > 1) {
      map.fitBounds(boundsOf(places), { ...ROUTE_FIT, duration: 0 })
    } else if (one) {
      map.flyTo({ center: [one.lng, one.lat], zoom: SELECTED_ZOOM })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- frame is followed through frameKey
  }, [loaded, line, where, frameKey])

  useEffect(() => setPopupOpen(true), [where])

  if (!webgl) return <>{fallback}</>
  if (remote === undefined) {
    return <MapLoading height={height} />
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
      css={{
        ...(useRemote && dark
          ? { '& .maplibregl-canvas': { filter: 'invert(1) hue-rotate(180deg)' } }
          : {}),
        ...DARK_ATTRIBUTION_CSS,
      }}
    >
      <MapGL
        ref={mapRef}
        initialViewState={
          line && frame
            ? { bounds: frame, fitBoundsOptions: ROUTE_FIT }
            : first
              ? { latitude: first.lat, longitude: first.lng, zoom: SELECTED_ZOOM }
              : { ...DEFAULT_CENTER, zoom: DEFAULT_ZOOM }
        }
        mapStyle={remote ?? offline}
        cursor={onPick ? 'crosshair' : undefined}
        onLoad={(event) => {
          foldCompactAttribution(event.target)
          setLoaded(true)
        }}
        onIdle={() => setDrawn(true)}
        onError={() => {
          if (useRemote && !drawn) fallBack()
        }}
        onClick={onPick ? (event) => onPick(event.lngLat.lat, event.lngLat.lng) : undefined}
        // No `compact`: MapLibre's own rule, the "i" button up to 640 px wide and the credits
        // in a line on wider maps (`compact: true` would fold them on every width).
        attributionControl={{}}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {band && (
          <Source
            id="corridor"
            type="geojson"
            data={{
              type: 'Feature',
              properties: {},
              geometry: { type: 'Polygon', coordinates: [band] },
            }}
          >
            <Layer
              id="corridor-fill"
              type="fill"
              paint={{ 'fill-color': ROUTE_COLOURS.from, 'fill-opacity': 0.12 }}
            />
            <Layer
              id="corridor-edge"
              type="line"
              paint={{ 'line-color': ROUTE_COLOURS.from, 'line-width': 1, 'line-opacity': 0.6 }}
            />
          </Source>
        )}
        {line && path.length > 1 && (
          <Source
            id="route"
            type="geojson"
            data={{
              type: 'Feature',
              properties: {},
              geometry: { type: 'LineString', coordinates: path },
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
        {stops?.map((stop) => (
          <Marker
            key={`${stop.id}-${stop.kind}`}
            latitude={stop.lat}
            longitude={stop.lng}
            style={{ zIndex: stop.id === activeStop ? 2 : 1 }}
          >
            <StopPin stop={stop} active={stop.id === activeStop} onStop={onStop} />
          </Marker>
        ))}
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
