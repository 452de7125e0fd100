import type { Role } from '@contract/user'

export type HomePath = '/dashboard' | '/deliverer-dashboard' | '/admin-dashboard'

/** docs/spec.md section 6: a deliverer's home, an admin's home, and everyone else's. */
export function roleHome(role: Role | undefined): HomePath {
  if (role === 'deliverer') return '/deliverer-dashboard'
  if (role === 'admin') return '/admin-dashboard'
  return '/dashboard'
}
