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
import { clusterStops, type StopCluster } from './stop-clusters'

export interface MapViewProps {
  /** Accessible name of the map region. */
  label: string
  points: Location[]
  /** The picker: a 'Selected location' popup on the first point, and clicks pick points. */
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

/** Room around the route's ends and the stops for the markers (44 px targets, the From and To
 * pins about 40 px tall) and the map's controls: the zoom buttons down the top right corner (10 px
 * in, 44 px wide on phones) and the credits along the bottom, so no marker starts under one. No
 * closer than a city's scale when both ends are in one town. */
const ROUTE_FIT = { padding: { top: 64, bottom: 48, left: 40, right: 84 }, maxZoom: 12 }

/** MapLibre's controls as 44 px targets on phones (29 and 24 px as it draws them), its popups'
 * close button too. */
const TAP_CONTROLS_CSS = {
  '& .maplibregl-ctrl-group button': {
    width: { base: '44px', md: '29px' },
    height: { base: '44px', md: '29px' },
  },
  '& .maplibregl-ctrl-attrib.maplibregl-compact': {
    minHeight: '40px',
    paddingRight: '44px',
    borderRadius: '22px',
  },
  '& .maplibregl-ctrl-attrib.maplibregl-compact-show': {
    paddingRight: '48px',
    paddingBlock: '10px',
  },
  '& .maplibregl-ctrl-attrib-button': {
    width: '44px',
    height: '44px',
    borderRadius: '22px',
    backgroundRepeat: 'no-repeat',
    backgroundPosition: 'center',
  },
  // Over the markers (z-index 1 and 2), not under them.
  '& .maplibregl-popup': { zIndex: 3 },
  '& .maplibregl-popup-close-button': { width: '44px', height: '44px', fontSize: '20px' },
} as const

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
        fontSize="sm"
        fontWeight="bold"
        lineHeight="1"
        px="2.5"
        py="1.5"
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

/** A marker as a real button: a 44 px target around a 36 px mark. */
function PinButton({
  label,
  pressed,
  expanded,
  onPress,
  children,
}: {
  label: string
  pressed?: boolean
  expanded?: boolean
  onPress: () => void
  children: ReactNode
}) {
  return (
    <Box
      as="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      onClick={(event: React.MouseEvent) => {
        event.stopPropagation()
        onPress()
      }}
      display="flex"
      alignItems="center"
      justifyContent="center"
      minW="11"
      h="11"
      p="1"
      bg="transparent"
      cursor="pointer"
      rounded="full"
      _focusVisible={{ outline: '3px solid', outlineColor: 'blue.500', outlineOffset: '0' }}
    >
      {children}
    </Box>
  )
}

/** The mark of an item's pickup (round) or drop-off (square), with its list number. */
function StopMark({ stop, active }: { stop: MapStop; active: boolean }) {
  const colour = stop.kind === 'pickup' ? ROUTE_COLOURS.from : ROUTE_COLOURS.to
  return (
    <Box
      as="span"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg={active ? 'white' : colour}
      color={active ? colour : 'white'}
      borderWidth="2px"
      borderColor={active ? colour : 'white'}
      rounded={stop.kind === 'pickup' ? 'full' : 'md'}
      minW="9"
      h="9"
      px="1.5"
      fontSize="sm"
      fontWeight="bold"
      lineHeight="1"
      boxShadow="md"
      transform={active ? 'scale(1.15)' : undefined}
    >
      {stop.number}
    </Box>
  )
}

/** The picker's chosen place: a 36 px pin whose tip is the point. */
function PlaceMark() {
  return (
    <Box
      as="span"
      display="block"
      w="7"
      h="7"
      bg={ROUTE_COLOURS.from}
      borderWidth="2px"
      borderColor="white"
      boxShadow="md"
      css={{ borderRadius: '50% 50% 50% 0', transform: 'rotate(-45deg)' }}
    >
      <Box as="span" display="block" w="2.5" h="2.5" m="7px" rounded="full" bg="white" />
    </Box>
  )
}

/** Stops too close to draw apart: one mark with their count; a tap lists them. */
function ClusterMark({ count, active }: { count: number; active: boolean }) {
  return (
    <Box
      as="span"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg={active ? 'white' : 'gray.800'}
      color={active ? 'gray.900' : 'white'}
      borderWidth="2px"
      borderColor={active ? 'gray.800' : 'white'}
      rounded="full"
      minW="9"
      h="9"
      px="1.5"
      fontSize="sm"
      fontWeight="bold"
      lineHeight="1"
      // A second ring in the two stop colours: more than one stop is here.
      boxShadow={`0 0 0 3px ${ROUTE_COLOURS.from}, 0 0 0 5px ${ROUTE_COLOURS.to}`}
    >
      {count}
    </Box>
  )
}

/** The stops of a cluster, each a button that chooses its item as its own marker does. */
function ClusterList({
  cluster,
  onStop,
  onClose,
}: {
  cluster: StopCluster
  onStop?: (id: string) => void
  onClose: () => void
}) {
  return (
    <Popup
      latitude={cluster.lat}
      longitude={cluster.lng}
      offset={24}
      closeButton
      closeOnClick={false}
      onClose={onClose}
      maxWidth="260px"
    >
      <Text fontWeight="semibold" color="gray.900" pr="8" mb="1">
        {cluster.stops.length} stops here
      </Text>
      <Box as="ul" listStyleType="none" maxH="40" overflowY="auto">
        {cluster.stops.map((stop) => (
          <li key={`${stop.id}-${stop.kind}`}>
            <Box
              as="button"
              onClick={() => {
                onClose()
                onStop?.(stop.id)
              }}
              display="flex"
              alignItems="center"
              textAlign="start"
              w="full"
              minH="11"
              px="1"
              color="blue.700"
              textDecoration="underline"
              cursor="pointer"
              _focusVisible={{ outline: '3px solid', outlineColor: 'blue.500' }}
            >
              {stop.label}
            </Box>
          </li>
        ))}
      </Box>
    </Popup>
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
  // The zoom the stops are grouped at, once the map has one; and the group whose list is open.
  const [zoom, setZoom] = useState<number | null>(null)
  const [openCluster, setOpenCluster] = useState<string | null>(null)
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

  // Whole zoom steps: markers regroup as the map zooms, not at every frame of a pinch.
  const clusters = useMemo(
    () => (stops && zoom !== null ? clusterStops(stops, Math.round(zoom)) : []),
    [stops, zoom],
  )
  const listed = clusters.find((c) => c.key === openCluster && c.stops.length > 1)

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
        ...TAP_CONTROLS_CSS,
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
          setZoom(event.target.getZoom())
          setLoaded(true)
        }}
        onZoomEnd={(event) => setZoom(event.target.getZoom())}
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
              // Above a stop on the same spot (a 36 px mark), not over it.
              offset={stops?.length ? [0, -16] : undefined}
              // A label, not a control: taps go through it to the map and the stops.
              style={{ pointerEvents: 'none' }}
            >
              <RoutePin end={index === 0 ? 'from' : 'to'} />
            </Marker>
          ) : (
            <Marker
              key={`${point.lat},${point.lng},${index}`}
              latitude={point.lat}
              longitude={point.lng}
              anchor="bottom"
            >
              <PinButton label="Selected location: show it" onPress={() => setPopupOpen(true)}>
                <PlaceMark />
              </PinButton>
            </Marker>
          ),
        )}
        {clusters.map((cluster) => {
          const active = cluster.stops.some((stop) => stop.id === activeStop)
          const [one] = cluster.stops
          return (
            <Marker
              key={cluster.key}
              latitude={cluster.lat}
              longitude={cluster.lng}
              style={{ zIndex: active ? 2 : 1 }}
            >
              {one && cluster.stops.length === 1 ? (
                <PinButton label={one.label} pressed={active} onPress={() => onStop?.(one.id)}>
                  <StopMark stop={one} active={active} />
                </PinButton>
              ) : (
                <PinButton
                  label={`${cluster.stops.length} stops here: ${cluster.stops.map((s) => s.label).join('; ')}`}
                  expanded={listed?.key === cluster.key}
                  onPress={() => setOpenCluster(listed?.key === cluster.key ? null : cluster.key)}
                >
                  <ClusterMark count={cluster.stops.length} active={active} />
                </PinButton>
              )}
            </Marker>
          )
        })}
        {listed && (
          <ClusterList cluster={listed} onStop={onStop} onClose={() => setOpenCluster(null)} />
        )}
        {onPick && first && popupOpen && (
          <Popup
            latitude={first.lat}
            longitude={first.lng}
            offset={44}
            closeButton
            closeOnClick={false}
            onClose={() => setPopupOpen(false)}
          >
            <Text fontWeight="semibold" color="gray.900" pr="9">
              Selected location
            </Text>
            <Text color="gray.700">{formatCoordinates(first.lat, first.lng)}</Text>
          </Popup>
        )}
      </MapGL>
    </Box>
  )
}
