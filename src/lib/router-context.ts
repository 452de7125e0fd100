import type { QueryClient } from '@tanstack/react-query'
import { getSession, type Session } from './auth-storage'

export interface AuthContext {
  /** Read at call time so guards always see the latest sign-in or sign-out. */
  session(): Session | null
}

export interface RouterContext {
  queryClient: QueryClient
  auth: AuthContext
}

export const auth: AuthContext = { session: getSession }
