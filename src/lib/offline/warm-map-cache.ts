import { useEffect } from 'react'
import { whenIdle } from '@/lib/idle'
import { WARM_MAP } from './messages'

/**
 * Once the first signed-in page is up and the browser is idle, asks the worker to cache the map
 * code and the offline base map (sw/map-warmup.ts): a map opened later works without a network,
 * and a first visit never downloads them.
 */
export function useWarmMapCache() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    whenIdle(() => {
      void navigator.serviceWorker.ready.then((registration) =>
        registration.active?.postMessage({ type: WARM_MAP }),
      )
    })
  }, [])
}
