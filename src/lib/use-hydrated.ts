import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React hydrates a prerendered page (and when prerendering), true from then on and on
 * every page rendered in the browser. What depends on this browser (a stored session, the head
 * tags React owns) renders after hydration, so hydration matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
