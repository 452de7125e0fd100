import { useSyncExternalStore } from 'react'
import { getSession, subscribe } from './auth-storage'

/** Re-renders when the user signs in or out, in this tab or another. */
export function useSession() {
  return useSyncExternalStore(subscribe, getSession, getSession)
}
