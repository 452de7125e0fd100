import { useEffect } from 'react'
import type { Role } from '@contract/user'
import { whenIdle } from '@/lib/idle'
import { WARM_MAP, WARM_ROLE } from './messages'

/**
 * Once a signed-in page is up and the browser is idle, asks the worker to cache what a first
 * visit's install left out (sw/role-code.ts, sw/map-warmup.ts): the pages of the user's role
 * first, then the map code and the offline base map. The app then opens offline, and a map opened
 * later works without a network; a first visit downloads neither.
 */
export function useWarmAfterSignIn(role: Role) {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    return whenIdle(() => {
      void navigator.serviceWorker.ready.then(({ active }) => {
        active?.postMessage({ type: WARM_ROLE, role })
        active?.postMessage({ type: WARM_MAP })
      })
    })
  }, [role])
}
