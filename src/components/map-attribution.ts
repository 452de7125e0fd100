import type { Map as MapLibreMap } from 'maplibre-gl'

/**
 * MapLibre's attribution control turns compact (the small "i" button) on maps up to 640 px
 * wide, but it opens expanded each time it turns compact and folds only on the map's first
 * drag: on a phone the open credits cover the markers at the bottom and catch their taps. Fold
 * it whenever it turns compact, as the control's own drag handler does (it is a <details>, so
 * `open` goes too); its "i" button still opens it. Listeners run after the control's own
 * (it is added in the map's constructor), so they see the classes it has just set.
 */
export function foldCompactAttribution(
  map: Pick<MapLibreMap, 'getContainer' | 'on' | 'off'>,
): () => void {
  let wasCompact = false
  const check = () => {
    const control = map.getContainer().querySelector('.maplibregl-ctrl-attrib')
    if (!control) return
    const compact = control.classList.contains('maplibregl-compact')
    if (compact && !wasCompact) {
      control.classList.remove('maplibregl-compact-show')
      control.removeAttribute('open')
    }
    wasCompact = compact
  }
  check()
  // Resizing from wide to narrow, or the first credits arriving with a source, turn it compact.
  const events = ['resize', 'styledata', 'sourcedata'] as const
  for (const event of events) map.on(event, check)
  return () => {
    for (const event of events) map.off(event, check)
  }
}

/** Dark mode: the credits as a dark box, text and links well above 4.5:1 on it (about 14 and
 * 12:1), and the "i" drawn light. MapLibre's own CSS is white, black text, a black icon. */
const INFO_ICON = (fill: string) =>
  `url("data:image/svg+xml;charset=utf-8,%3Csvg xmlns='http://www.w3.org/2000/svg' width='24' height='24' fill-rule='evenodd' viewBox='0 0 20 20' fill='${fill}'%3E %3Cpath d='M4 10a6 6 0 1 0 12 0 6 6 0 1 0-12 0m5-3a1 1 0 1 0 2 0 1 1 0 1 0-2 0m0 3a1 1 0 1 1 2 0v3a1 1 0 1 1-2 0'/%3E %3C/svg%3E")`

export const DARK_ATTRIBUTION_CSS = {
  // Wide maps: a line along the bottom, slightly see-through as MapLibre's light one is.
  '.dark & .maplibregl-ctrl.maplibregl-ctrl-attrib': {
    backgroundColor: 'rgb(24 24 27 / 0.85)',
    color: '#e4e4e7',
  },
  '.dark & .maplibregl-ctrl-attrib.maplibregl-compact': {
    backgroundColor: '#18181b',
    color: '#e4e4e7',
  },
  '.dark & .maplibregl-ctrl-attrib a': { color: '#d4d4d8' },
  '.dark & .maplibregl-ctrl-attrib a:hover': { color: '#fafafa' },
  '.dark & .maplibregl-ctrl-attrib-button': {
    backgroundColor: 'rgb(255 255 255 / 0.08)',
    backgroundImage: INFO_ICON('%23e4e4e7'),
  },
  '.dark & .maplibregl-ctrl-attrib.maplibregl-compact-show .maplibregl-ctrl-attrib-button': {
    backgroundColor: 'rgb(255 255 255 / 0.14)',
  },
} as const
