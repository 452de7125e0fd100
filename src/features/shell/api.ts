import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import { clearSession, getSession } from '@/lib/auth-storage'
import { clearUserData } from '@/lib/offline/clear-user-data'
import { disablePush } from '@/lib/push-subscription'

/** docs/spec.md section 7: whatever the server says, the user ends up signed out on /login. */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    // Read before the session goes: whose saved data to delete.
    const userId = getSession()?.user.id ?? null
    // While the token still works: the server must forget this device's alerts too.
    await disablePush()
    try {
      await api.post('logout')
    } catch (error) {
      // docs/spec.md section 8: a failed logout is only logged; the local session goes regardless.
      console.warn('Logout request failed', error)
    } finally {
      clearSession()
      queryClient.clear()
      // The next person on this device must not see this user's saved pages or queued changes.
      if (userId) await clearUserData(userId)
      await navigate({ to: '/login', replace: true })
    }
  }, [navigate, queryClient])
}
