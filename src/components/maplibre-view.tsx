// Loaded only through lazy-map-view.ts: maplibre is ~295 KB gzip and must stay out of the first load.
import 'maplibre-gl/dist/maplibre-gl.css'
import { setWorkerUrl } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { Box, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import MapGL, {
  Layer,
  Marker,
  NavigationControl,
  Popup,
  Source,
  type MapRef,
} from 'react-map-gl/maplibre'
import type { Location } from '@contract/items'
import { formatCoordinates } from '@/lib/format'
import { offlineStyle, remoteStyleUrl } from './map-style'

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

/** SPEC.md section 2 and 9: default zoom 5, zoom 15 once a point is selected. */
export const DEFAULT_ZOOM = 5
export const SELECTED_ZOOM = 15
const DEFAULT_CENTER = { latitude: 39.5, longitude: -98.35 }

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
  dark = false,
  height = 400,
  fallback,
}: MapViewProps) {
  const mapRef = useRef<MapRef>(null)
  const [loaded, setLoaded] = useState(false)
  const [remoteFailed, setRemoteFailed] = useState(false)
  const [popupOpen, setPopupOpen] = useState(true)
  const [webgl] = useState(hasWebGL)
  const useRemote = Boolean(remoteStyleUrl) && !remoteFailed
  const first = points[0]

  // The picker follows the chosen point; the route map frames both ends.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !loaded || points.length === 0) return
    if (line && points.length > 1) {
      const lngs = points.map((p) => p.lng)
      const lats = points.map((p) => p.lat)
      map.fitBounds(
        [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        { padding: 48, maxZoom: 10, duration: 0 },
      )
    } else if (first) {
      map.flyTo({ center: [first.lng, first.lat], zoom: SELECTED_ZOOM })
    }
  }, [loaded, line, points, first])

  useEffect(() => setPopupOpen(true), [first])

  if (!webgl) return <>{fallback}</>

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
          first
            ? {
                latitude: first.lat,
                longitude: first.lng,
                zoom: line ? DEFAULT_ZOOM : SELECTED_ZOOM,
              }
            : { ...DEFAULT_CENTER, zoom: DEFAULT_ZOOM }
        }
        mapStyle={useRemote ? remoteStyleUrl : offlineStyle(dark)}
        cursor={onPick ? 'crosshair' : undefined}
        onLoad={() => setLoaded(true)}
        onError={() => {
          // The tile service is unreachable (offline, blocked): fall back to the built-in map.
          if (!loaded && useRemote) setRemoteFailed(true)
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
              paint={{ 'line-color': '#0f766e', 'line-width': 3, 'line-dasharray': [2, 1] }}
            />
          </Source>
        )}
        {points.map((point, index) => (
          <Marker
            key={`${point.lat},${point.lng},${index}`}
            latitude={point.lat}
            longitude={point.lng}
            color={index === 0 ? '#0f766e' : '#b45309'}
            onClick={(event) => {
              event.originalEvent.stopPropagation()
              setPopupOpen(true)
            }}
          />
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
