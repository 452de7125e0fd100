import { useSyncExternalStore } from 'react'
import { getSession, subscribe } from './auth-storage'

/**
 * Re-renders when the user signs in or out, in this tab or another. Null while a prerendered
 * public page hydrates (it was rendered for a visitor), then the stored session.
 */
export function useSession() {
  return useSyncExternalStore(subscribe, getSession, () => null)
}
