import { useSyncExternalStore } from 'react'

/** Below Chakra's md breakpoint (48em = 768 px): where lists become cards. */
const PHONE_QUERY = '(max-width: 47.99em)'

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(PHONE_QUERY)
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

/**
 * Whether the screen is phone-sized. Lists render either their table or their cards, never both,
 * so roles and names are not doubled for assistive technology; without matchMedia (tests, a
 * prerender) the desktop table is the answer.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(PHONE_QUERY).matches ?? false,
    () => false,
  )
}
