import { lazy } from 'react'

/** docs/spec.md section 9: lazy-loaded parts time out after 120000 ms. */
const LAZY_TIMEOUT_MS = 120_000

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The map took too long to load')), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/** The MapLibre view as its own chunk, fetched the first time a map is shown. */
export const LazyMapView = lazy(() =>
  withTimeout(import('./maplibre-view'), LAZY_TIMEOUT_MS).then((m) => ({ default: m.MapView })),
)
