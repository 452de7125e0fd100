import type { Role } from '@contract/user'
import { STORAGE_KEYS } from '@/lib/auth-storage'

export const testUsers = {
  sender: { id: 'u-sender', name: 'Sam Sender', email: 'sender@example.com', role: 'sender' },
  deliverer: {
    id: 'u-deliverer',
    name: 'Dana Deliverer',
    email: 'deliverer@example.com',
    role: 'deliverer',
  },
  admin: { id: 'u-admin', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' },
} as const

/** Puts a session in localStorage the way a login would. */
export function storeSession(role: Role, { expired = false } = {}) {
  const expiry = new Date(Date.now() + (expired ? -60_000 : 7 * 24 * 3600_000)).toISOString()
  localStorage.setItem(STORAGE_KEYS.token, `token-${role}`)
  localStorage.setItem(STORAGE_KEYS.tokenExpiry, expiry)
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUsers[role]))
}
