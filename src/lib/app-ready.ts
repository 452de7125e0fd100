import { useEffect } from 'react'

let markReady: () => void = () => {}

/** Resolves once the app has rendered (or hydrated) its first page and React handles events. */
export const appReady = new Promise<void>((resolve) => {
  markReady = resolve
})

/**
 * For the layouts every page renders in: their effect runs once the page around it is committed.
 * Hydrated, the layout and the page's content are one Suspense boundary (the router's, after the
 * root's), so this runs once the content's fields are React's too (dist/prerendered/login.html).
 */
export function useMarkAppReady() {
  useEffect(() => markReady(), [])
}
