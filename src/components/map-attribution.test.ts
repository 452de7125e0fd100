import { describe, expect, it } from 'vitest'
import { foldCompactAttribution } from './map-attribution'

/** A map's container with MapLibre's attribution control as its constructor leaves it. */
function fakeMap(classes: string) {
  const container = document.createElement('div')
  const control = document.createElement('details')
  control.className = `maplibregl-ctrl maplibregl-ctrl-attrib ${classes}`
  control.setAttribute('open', '')
  container.append(control)
  const listeners = new Map<string, Set<() => void>>()
  const map = {
    getContainer: () => container,
    on: (event: string, listener: () => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return map
    },
    off: (event: string, listener: () => void) => {
      listeners.get(event)?.delete(listener)
      return map
    },
  }
  const fire = (event: string) => listeners.get(event)?.forEach((listener) => listener())
  return { map: map as unknown as Parameters<typeof foldCompactAttribution>[0], control, fire }
}

describe('foldCompactAttribution', () => {
  it('starts a narrow map with the credits folded behind the "i" button', () => {
    const { map, control } = fakeMap('maplibregl-compact maplibregl-compact-show')
    foldCompactAttribution(map)
    expect(control).toHaveClass('maplibregl-compact')
    expect(control).not.toHaveClass('maplibregl-compact-show')
    expect(control).not.toHaveAttribute('open')
  })

  it('leaves a wide map its line of credits', () => {
    const { map, control } = fakeMap('')
    foldCompactAttribution(map)
    expect(control).toHaveAttribute('open')
  })

  it('does not fold the credits again once the user has opened them', () => {
    const { map, control, fire } = fakeMap('maplibregl-compact maplibregl-compact-show')
    foldCompactAttribution(map)
    // The "i" button, as MapLibre's click handler and <details> leave it.
    control.classList.add('maplibregl-compact-show')
    control.setAttribute('open', '')
    fire('sourcedata')
    fire('resize')
    expect(control).toHaveClass('maplibregl-compact-show')
    expect(control).toHaveAttribute('open')
  })

  it('folds them when a wide map is narrowed and MapLibre turns the control compact', () => {
    const { map, control, fire } = fakeMap('')
    foldCompactAttribution(map)
    control.classList.add('maplibregl-compact', 'maplibregl-compact-show')
    fire('resize')
    expect(control).not.toHaveClass('maplibregl-compact-show')
    expect(control).not.toHaveAttribute('open')
  })

  it('stops listening when undone', () => {
    const { map, control, fire } = fakeMap('')
    foldCompactAttribution(map)()
    control.classList.add('maplibregl-compact', 'maplibregl-compact-show')
    fire('resize')
    expect(control).toHaveClass('maplibregl-compact-show')
  })
})
