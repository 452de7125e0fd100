import type { AppServices } from './app-services'
import { getSession, type Session } from './auth-storage'

export interface AuthContext {
  /** Read at call time so guards always see the latest sign-in or sign-out. */
  session(): Session | null
}

export interface RouterContext {
  auth: AuthContext
  /**
   * The signed-in app's services (query client, offline layer), loaded on demand: the signed-in
   * layout route puts `queryClient` into the context of every route under it.
   */
  loadAppServices(): Promise<AppServices>
}

export const auth: AuthContext = { session: getSession }
