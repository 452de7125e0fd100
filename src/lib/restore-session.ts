import { getUserDataAnswer } from '@contract/user'
import { api } from './api-client'
import { loneToken, saveStoredUser } from './auth-storage'

/**
 * A stored token without its user is still a sign-in: ask the server who it belongs to rather
 * than send the person to /login. Offline or refused, nothing changes (a 401 clears the token).
 */
export async function restoreLoneSession(): Promise<void> {
  const token = loneToken()
  if (!token) return
  try {
    const answer = getUserDataAnswer.parse(
      await api
        .get('get-user-data', { headers: { Authorization: `Bearer ${token}` } })
        .json<unknown>(),
    )
    const { id, name, email, role } = answer.data
    saveStoredUser({ id, name, email, role })
  } catch {
    // requireSignIn then treats the lone token as no session.
  }
}
