import { useEffect } from 'react'

let markReady: () => void = () => {}

/** Resolves once the app has rendered (or hydrated) its first page and React handles events. */
export const appReady = new Promise<void>((resolve) => {
  markReady = resolve
})

/**
 * For the layouts every page renders in: their effect runs once the page around it is committed
 * (a hydrated page's content is its own Suspense boundary, hydrated after the root's).
 */
export function useMarkAppReady() {
  useEffect(() => markReady(), [])
}
