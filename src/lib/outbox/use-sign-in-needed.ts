import { useEffect, useState } from 'react'
import { hasIndexedDb, loadOutboxStore } from '@/lib/offline/lazy-db'
import { useSession } from '@/lib/use-session'
import { SIGN_IN_AGAIN_ERROR } from './messages'
import { useOutbox } from './use-outbox'

/**
 * How many queued changes wait for a sign-in (decision 013). Signed in: the user's unsent changes,
 * once the server refused the session of a replay (401). Signed out: every unsent change on the
 * device, since none can go until its user signs in again (an expired session ends here).
 */
export function useSignInNeeded(): number {
  const signedIn = useSession() !== null
  const { entries, pending } = useOutbox()
  const [deviceCount, setDeviceCount] = useState(0)
  useEffect(() => {
    if (signedIn || !hasIndexedDb()) return
    let stop: (() => void) | null = null
    let disposed = false
    void loadOutboxStore().then(({ watchUnsentCount }) => {
      if (!disposed) stop = watchUnsentCount(setDeviceCount)
    })
    return () => {
      disposed = true
      stop?.()
      setDeviceCount(0)
    }
  }, [signedIn])
  if (!signedIn) return deviceCount
  const refused = entries.some((e) => e.status === 'queued' && e.error === SIGN_IN_AGAIN_ERROR)
  return refused ? pending : 0
}
