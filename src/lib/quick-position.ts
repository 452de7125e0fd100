/** Where the device is, as the handoff's place (decision 036). */
export interface QuickPosition {
  latitude: number
  longitude: number
  accuracy_m: number
}

/**
 * Asks the browser for the device's position and answers within `withinMs`, with null when
 * there is no geolocation, the user says no, or no fix comes in time: a handoff never waits for a
 * position. A fix up to a minute old is good enough (the deliverer is standing at the handoff).
 */
export function quickPosition(withinMs = 3000): Promise<QuickPosition | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return resolve(null)
    const timer = setTimeout(() => resolve(null), withinMs)
    const done = (position: QuickPosition | null) => {
      clearTimeout(timer)
      resolve(position)
    }
    try {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) =>
          done({
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy_m: Math.min(Math.round(coords.accuracy), 100_000),
          }),
        () => done(null),
        { enableHighAccuracy: true, maximumAge: 60_000, timeout: withinMs },
      )
    } catch {
      done(null)
    }
  })
}

/** The position if it came by now, else null: for a step that must not wait any longer. */
export function settledWithin<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  return Promise.race([
    promise,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ])
}
